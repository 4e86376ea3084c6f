// The root `npm run store` script points here; the entry itself is index.ts.
import "./index.ts";
