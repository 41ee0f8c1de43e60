import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import{readMigrationFiles}from"./chunk-GPSBXHXO.mjs";import"./chunk-53QUQUIU.mjs";async function migrate(db,config){const migrations=readMigrationFiles(config);await db.dialect.migrate(migrations,db.session,config)}export{migrate};
//# sourceMappingURL=migrator-622H5MZJ.mjs.map
