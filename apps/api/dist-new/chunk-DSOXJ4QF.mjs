import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import{sql}from"./chunk-BPWXHEMA.mjs";function asc(column){return sql`${column} asc`}function desc(column){return sql`${column} desc`}export{asc,desc};
//# sourceMappingURL=chunk-DSOXJ4QF.mjs.map
