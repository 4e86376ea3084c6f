import { defineConfig } from "vitest/config";

export default defineConfig({ test: { name: "content-client", include: ["src/**/*.test.ts"] } });
