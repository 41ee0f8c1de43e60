import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import{companiesModule,seedSupplierDemo}from"./chunk-GVRFALZM.mjs";import{DEMO_SUPPLIER,SUPPLIER_MENUS,SUPPLIER_ROLE,ensureSupplierRole}from"./chunk-XQ6JGG3Q.mjs";import"./chunk-UIRPUUVT.mjs";import"./chunk-CUFMUXBK.mjs";import"./chunk-ER6TZCJC.mjs";import"./chunk-TZDHTODC.mjs";import"./chunk-53QUQUIU.mjs";export{DEMO_SUPPLIER,SUPPLIER_MENUS,SUPPLIER_ROLE,companiesModule,ensureSupplierRole,seedSupplierDemo};
//# sourceMappingURL=companies-UGN5SA2D.mjs.map
