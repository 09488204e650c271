/**
 * The group page's first paint (docs/decisions/0031-group-page-first-paint.md): the build
 * prerenders the page's frame with the group's name as this slot, between these markers;
 * the server writes the name in for a member of the group and takes the block out for
 * anyone else.
 */
export const GROUP_NAME_SLOT = '%GROUP_NAME%';
export const FIRST_PAINT_START = '<!--first-paint-->';
export const FIRST_PAINT_END = '<!--/first-paint-->';
