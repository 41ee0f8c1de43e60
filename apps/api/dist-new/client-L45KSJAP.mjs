import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import{DEFAULT_STATEMENT_TIMEOUT_MS,PGLITE_SHARED_BUFFERS,openDatabase,ping}from"./chunk-CSXVUNUZ.mjs";import{MIGRATIONS_FOLDER}from"./chunk-DFBIYK6N.mjs";import"./chunk-XGNMJFY6.mjs";import"./chunk-XGHWQTNZ.mjs";import"./chunk-WMV2XNID.mjs";import"./chunk-BPWXHEMA.mjs";import"./chunk-53QUQUIU.mjs";export{DEFAULT_STATEMENT_TIMEOUT_MS,MIGRATIONS_FOLDER,PGLITE_SHARED_BUFFERS,openDatabase,ping};
//# sourceMappingURL=client-L45KSJAP.mjs.map
