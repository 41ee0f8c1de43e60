import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import{DEFAULT_ADMIN_PASSWORD,DEMO_EDITOR,isDatabaseEmpty,seedIfEmpty,seedReferenceData}from"./chunk-SJQD3DBL.mjs";import"./chunk-WG45AH3J.mjs";import"./chunk-HTKSPK7E.mjs";import"./chunk-255ARFXW.mjs";import"./chunk-XGHWQTNZ.mjs";import"./chunk-WMV2XNID.mjs";import"./chunk-BPWXHEMA.mjs";import"./chunk-53QUQUIU.mjs";export{DEFAULT_ADMIN_PASSWORD,DEMO_EDITOR,isDatabaseEmpty,seedIfEmpty,seedReferenceData};
//# sourceMappingURL=seed-3JXBFIU7.mjs.map
