/**
 * The environment for a child process that a test kills on purpose. tap's process tracking re-injects itself into
 * every spawned child (its loader in NODE_OPTIONS and its _TAPJS_* settings), and a child that runs the sources
 * through tsx reports coverage under a different line mapping, which the merged report then shows as half-untested
 * files. So the child keeps the tracking but is told to record coverage for no file at all
 * (_TAPJS_PROCESSINFO_COV_EXCLUDE_ = a pattern matching every path). DRIVERCARD_* settings of the test's own
 * environment are dropped; `extra` sets the child's.
 */
export function untrackedChildEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('DRIVERCARD_')) env[key] = value;
  }
  env._TAPJS_PROCESSINFO_COV_EXCLUDE_ = '/./';
  return Object.assign(env, extra);
}
