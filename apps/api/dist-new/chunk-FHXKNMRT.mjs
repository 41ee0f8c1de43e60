import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
var DEMO_USER_COUNT=1e3;var DEMO_USER_PASSWORD="buyer12345";export{DEMO_USER_COUNT,DEMO_USER_PASSWORD};
//# sourceMappingURL=chunk-FHXKNMRT.mjs.map
