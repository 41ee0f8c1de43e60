import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import{DEFAULT_ADMIN_PASSWORD,DEMO_EDITOR,isDatabaseEmpty,seedIfEmpty,seedReferenceData}from"./chunk-ZO3KQXYI.mjs";import"./chunk-WG45AH3J.mjs";import"./chunk-HTKSPK7E.mjs";import"./chunk-ER6TZCJC.mjs";import"./chunk-TZDHTODC.mjs";import"./chunk-53QUQUIU.mjs";export{DEFAULT_ADMIN_PASSWORD,DEMO_EDITOR,isDatabaseEmpty,seedIfEmpty,seedReferenceData};
//# sourceMappingURL=seed-WA3NMYW2.mjs.map
