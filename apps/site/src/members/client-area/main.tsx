import { startPage } from "../start-page.tsx";
import { ClientAreaApp } from "./client-area-app.tsx";

startPage(<ClientAreaApp />);
