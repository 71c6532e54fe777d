/** GET /api/drivercard/activities: activity intervals, written as JSON text (../shared/activity-json.ts). */
import { activityListText, intervalTexts } from '../shared/activity-json.js';
import { jsonTextResponse } from '../shared/json-response.js';
import { listRoute, rowQuery } from '../shared/list-route.js';
import { activitiesResponseSchema } from './activities.schema.js';

export const activitiesRoute = listRoute(
  'activities',
  'listActivities',
  'Activity intervals',
  activitiesResponseSchema,
  async (deps, query) =>
    jsonTextResponse(200, activityListText(await deps.queries.activities(rowQuery(query)), intervalTexts)),
);
