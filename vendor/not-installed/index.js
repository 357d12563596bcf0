// jsPDF imports html2canvas (for doc.html) and canvg (for SVG images) on first use only; Flota's
// exports use neither. This module stands in for both, so that their 4,000 files (core-js among
// them) are not installed: a call that needs one fails with this message.
export default function notInstalled() {
  throw new Error('Not installed with Flota: jsPDF html() and SVG images (vendor/not-installed)');
}
