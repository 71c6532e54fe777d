export const reportRoutes: readonly import('../routes.js').RouteSpec[] = [];
