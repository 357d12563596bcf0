/**
 * The query key under which the projects area keeps what its dialogs read (shares, users to
 * share with, a project named by the address); sharing and publishing invalidate it. The recent
 * and shared lists themselves are react-admin lists of declared resources (recents, shareds).
 */
export const PROJECT_LISTS_KEY = ['flota', 'projectLists'] as const;
