import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
var StartupError=class extends Error{constructor(message){super(message);this.name="StartupError"}};export{StartupError};
//# sourceMappingURL=chunk-WG45AH3J.mjs.map
