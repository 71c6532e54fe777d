/**
 * The route table: every endpoint of the service, one line each. A resource's route, schema and response mapper
 * live side by side in its folder (`<resource>/<resource>.route.ts`, `.schema.ts`, `.mapper.ts`); the app
 * (./app.ts) mounts exactly these and the OpenAPI document (./openapi.ts) is generated from exactly these.
 */
import { activitiesRoute } from './activities/activities.route.js';
import { anonymizeRoute } from './anonymize/anonymize.route.js';
import { dayOverviewRoute } from './day-overview/day-overview.route.js';
import { eu561ViolationsRoute } from './eu561-violations/eu561-violations.route.js';
import { eventsRoute, faultsRoute } from './events-faults/events-faults.route.js';
import { fleetListRoute, fleetSummaryRoute } from './fleet/fleet.route.js';
import { todayRoutes } from './today/today.route.js';
import { healthRoute } from './health/health.route.js';
import { importsRoute } from './imports/imports.route.js';
import { importsRestoreRoute } from './imports/imports-restore.route.js';
import { importsWithdrawRoute } from './imports/imports-withdraw.route.js';
import { officeRoutes } from './office-routes.js';
import { parseRoute } from './parse/parse.route.js';
import { positionsRoute } from './positions/positions.route.js';
import type { RouteSpec } from './shared/route-spec.js';
import { timeSummaryRoute } from './time-summary/time-summary.route.js';
import { vehiclesUsedRoute } from './vehicles-used/vehicles-used.route.js';
import { weekOverviewRoute } from './week-overview/week-overview.route.js';
import { workingTimeRoute } from './working-time/working-time.route.js';
import { readingsRoute } from './readings/readings.route.js';
import { findingsRoute } from './findings/findings.route.js';
import { vehicleRoutes } from './vehicles/vehicles.route.js';
import { readinessRoutes } from './readiness/readiness.route.js';
import { countryRoutes } from './countries/countries.route.js';
import { annotationRoutes } from './annotations/annotations.route.js';
import { findingReviewRoutes } from './finding-reviews/finding-reviews.route.js';
import { driverLetterRoute } from './driver-letter/driver-letter.route.js';
import { homeCountriesRoutes } from './home-countries/home-countries.route.js';
import { evidenceRoute } from './evidence/evidence.route.js';
import { vehicleUnitRoutes } from './vehicle-units/vehicle-units.route.js';
import { vehicleAnalysisRoutes } from './vehicle-analysis/vehicle-analysis.route.js';
import { vehicleReportRoutes } from './vehicle-report/vehicle-report.route.js';
import { changesRoute } from './changes/changes.route.js';

export type { RouteContext, RouteResponse, RouteResult, RouteSpec } from './shared/route-spec.js';

export const apiRoutes: readonly RouteSpec[] = [
  healthRoute,
  parseRoute,
  anonymizeRoute,
  importsRoute,
  activitiesRoute,
  eventsRoute,
  faultsRoute,
  vehiclesUsedRoute,
  positionsRoute,
  timeSummaryRoute,
  dayOverviewRoute,
  weekOverviewRoute,
  eu561ViolationsRoute,
  workingTimeRoute,
  readingsRoute,
  findingsRoute,
  fleetListRoute,
  fleetSummaryRoute,
  ...officeRoutes,
  importsWithdrawRoute,
  importsRestoreRoute,
  ...vehicleRoutes,
  ...readinessRoutes,
  ...countryRoutes,
  ...annotationRoutes,
  ...findingReviewRoutes,
  driverLetterRoute,
  ...homeCountriesRoutes,
  ...todayRoutes,
  evidenceRoute,
  ...vehicleUnitRoutes,
  ...vehicleAnalysisRoutes,
  ...vehicleReportRoutes,
  changesRoute,
];

/** The paths the web page is served under besides its assets (documented in OpenAPI, not JSON). */
export const WEB_ROOT_PATH = '/';
export const OPENAPI_PATH = '/openapi.json';
