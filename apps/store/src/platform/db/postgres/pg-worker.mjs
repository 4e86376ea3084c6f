// The worker thread behind db/postgres/pg-db.ts: it owns the PostgreSQL connections and runs
// each call the store makes while the store's thread waits (synckit). Plain JavaScript, so that
// it runs from the sources and from the built store alike.
import pg from "pg";
import { runAsWorker } from "synckit";

// Epoch-ms columns are bigint; counts too. Both fit a double. JSON comes back as its text,
// which the stores parse, as they do SQLite's.
pg.types.setTypeParser(pg.types.builtins.INT8, (text) => Number(text));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (text) => Number(text));
pg.types.setTypeParser(pg.types.builtins.JSONB, (text) => text);
pg.types.setTypeParser(pg.types.builtins.JSON, (text) => text);

const connections = new Map();
let nextId = 1;

function describe(error) {
  const { message, code, detail, constraint } = error ?? {};
  return { error: { message: String(message ?? error), code, detail, constraint } };
}

async function connect(url, applicationName) {
  const client = new pg.Client({ connectionString: url, application_name: applicationName });
  // A dropped connection is reported on the next call, which reconnects.
  client.on("error", () => {});
  await client.connect();
  return client;
}

// No SQLSTATE, connection exceptions (08) and shutdowns (57P): the connection is gone.
function breaksConnection(error) {
  const code = error?.code;
  return typeof code !== "string" || code.startsWith("08") || code.startsWith("57P");
}

async function reopen(connection) {
  await connection.client.end().catch(() => {});
  connection.client = await connect(connection.url, connection.applicationName);
  if (connection.setup) await connection.client.query(connection.setup);
  connection.broken = false;
}

async function call(request) {
  switch (request.op) {
    case "open": {
      const connection = {
        ...request,
        client: await connect(request.url, request.applicationName),
      };
      if (request.setup) await connection.client.query(request.setup);
      const id = nextId++;
      connections.set(id, connection);
      return { id };
    }
    case "query": {
      const connection = connections.get(request.id);
      if (connection === undefined)
        return { error: { message: "the database connection is closed" } };
      try {
        // Outside a transaction a lost connection is simply opened again; inside one, the
        // transaction is lost with it and its caller sees the error.
        if (connection.broken && !request.inTransaction) await reopen(connection);
        if (request.begin) await connection.client.query("BEGIN");
        const result = await connection.client.query(
          request.values === undefined
            ? request.text
            : {
                text: request.text,
                values: request.values,
                ...(request.name ? { name: request.name } : {}),
              },
        );
        const last = Array.isArray(result) ? result.at(-1) : result;
        return { rows: last?.rows ?? [], changes: last?.rowCount ?? 0 };
      } catch (error) {
        if (breaksConnection(error)) connection.broken = true;
        return describe(error);
      }
    }
    case "close": {
      const connection = connections.get(request.id);
      connections.delete(request.id);
      await connection?.client.end().catch(() => {});
      return {};
    }
    default:
      return { error: { message: `unknown call ${request.op}` } };
  }
}

runAsWorker(async (request) => {
  try {
    return await call(request);
  } catch (error) {
    return describe(error);
  }
});
