// The first script of each page the engine smoke suites open (tests/engines/smoke.mjs): it keeps
// what the console would show as errors, for engines whose console cannot be read from outside
// (WebKitWebDriver). window.__problems: console.error calls, uncaught errors, unhandled
// rejections, files that failed to load.
window.__problems = [];
{
  const error = console.error.bind(console);
  console.error = (...args) => {
    window.__problems.push(`console: ${args.map(String).join(' ')}`);
    error(...args);
  };
  // capture: a <script>, <link> or <img> that fails to load says so here too
  addEventListener(
    'error',
    (e) => window.__problems.push(`error: ${e.message || e.target?.src || e.target?.href || e.type}`),
    true,
  );
  addEventListener('unhandledrejection', (e) => window.__problems.push(`unhandled: ${e.reason?.stack ?? e.reason}`));
}
