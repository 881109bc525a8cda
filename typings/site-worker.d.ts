// The site build writes `const VERSION = "<the build's version>";` above
// sw.js (src/pencilbox/web/site/build.py), so the service worker names it.
declare const VERSION: string;
