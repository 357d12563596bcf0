/** Placeholder replaced by the screen's implementation in this change. */
export default function DatabaseOverview() {
  return null;
}
