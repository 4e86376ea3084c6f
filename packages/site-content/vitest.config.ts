import { defineConfig } from "vitest/config";

export default defineConfig({ test: { name: "site-content", include: ["src/**/*.test.ts"] } });
