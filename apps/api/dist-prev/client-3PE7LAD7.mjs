import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import{DEFAULT_STATEMENT_TIMEOUT_MS,PGLITE_SHARED_BUFFERS,openDatabase,ping}from"./chunk-KC767HAK.mjs";import{MIGRATIONS_FOLDER}from"./chunk-DFBIYK6N.mjs";import"./chunk-4JSVYTXU.mjs";import"./chunk-CUFMUXBK.mjs";import"./chunk-ER6TZCJC.mjs";import"./chunk-TZDHTODC.mjs";import"./chunk-53QUQUIU.mjs";export{DEFAULT_STATEMENT_TIMEOUT_MS,MIGRATIONS_FOLDER,PGLITE_SHARED_BUFFERS,openDatabase,ping};
//# sourceMappingURL=client-3PE7LAD7.mjs.map
