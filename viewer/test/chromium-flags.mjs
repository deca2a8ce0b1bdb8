// The flags every headless Chromium of the viewer's tests starts with (browser.mjs, capture.mjs): no sandbox (a
// root container), none of Chromium's own network traffic (this machine's network is closed; each refused
// connection is a log line), and no throttling of timers or rendering in a page nobody looks at.
export const HEADLESS_FLAGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
]);
