/** The window's layout: the sidebar rail. */
export const layout = {
  collapseSidebar: 'Collapse sidebar',
  expandSidebar: 'Expand sidebar',
};
