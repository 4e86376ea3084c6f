import { reviveDate, stringifyWithDates } from "./dates.ts";
import { GET_QUERY_LIMIT, toGetQuery } from "./get-query.ts";
import type { JsonResponse, SendJson } from "./request.ts";

/** Public prefix of the data-items service on the platform hosts (docs/protocol.md §1.2). */
const DATA_ITEMS_PREFIX = "/wix-data/v2";

/** The two ways a data-items call goes out; paths are service paths such as `/items/count`. */
export interface ItemCalls {
  /** POSTs the payload as JSON (every `Date` as `{"$date"}`) and revives dates in the answer. */
  post(path: string, payload: object): Promise<JsonResponse>;
  /**
   * GETs with the payload in the query string (flat or `.r`); when that query string exceeds
   * 4000 characters, POSTs the JSON payload to the same path instead (docs/protocol.md §10).
   */
  get(path: string, payload: Record<string, unknown>): Promise<JsonResponse>;
}

/** Creates the data-items calls on top of an authorized transport. */
export function createItemCalls(send: SendJson): ItemCalls {
  const post = (path: string, payload: object) =>
    send({
      method: "POST",
      path: DATA_ITEMS_PREFIX + path,
      body: stringifyWithDates(payload),
      reviver: reviveDate,
    });

  return {
    post,
    get(path, payload) {
      const query = toGetQuery(payload);
      if (query.length > GET_QUERY_LIMIT) return post(path, payload);
      return send({
        method: "GET",
        path: `${DATA_ITEMS_PREFIX}${path}?${query}`,
        reviver: reviveDate,
      });
    },
  };
}
