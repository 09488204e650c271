/**
 * The build prerenders the group page's frame with this slot for the name, between these
 * markers; the server writes the name in for a member and takes the block out for anyone else.
 */
export const GROUP_NAME_SLOT = '%GROUP_NAME%';
export const FIRST_PAINT_START = '<!--first-paint-->';
export const FIRST_PAINT_END = '<!--/first-paint-->';
