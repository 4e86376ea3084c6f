import { startPage } from "../start-page.tsx";
import { AccountApp } from "./account-app.tsx";

startPage(<AccountApp navigate={(path) => window.location.assign(path)} />);
