/** The query keys of a user's access trees: [USER_ACCESS_KEY, userId, …]. */
export const USER_ACCESS_KEY = 'userAccess';
