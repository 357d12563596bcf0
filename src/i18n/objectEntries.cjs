/* global module */
// node-polyglot's `object.entries` polyfill, for browsers that all have Object.entries: the
// polyfill brings about 35 KB of es-abstract helpers into the first chunk (vite.config.ts alias).
module.exports = Object.entries;
