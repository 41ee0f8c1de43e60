import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import{PgTable,SQL,Schema,Subquery,Table,is}from"./chunk-BPWXHEMA.mjs";function extractUsedTable(table){if(is(table,PgTable)){return[table[Schema]?`${table[Schema]}.${table[Table.Symbol.BaseName]}`:table[Table.Symbol.BaseName]]}if(is(table,Subquery)){return table._.usedTables??[]}if(is(table,SQL)){return table.usedTables??[]}return[]}export{extractUsedTable};
//# sourceMappingURL=chunk-HZYLEJ4X.mjs.map
