/** The collection the query suite reads (anyone may read it). */
export const QUERY_COLLECTION = "Clients";

const CITIES = ["Paris", "Oslo", "paris", undefined, "Lisbon", "Oslo"] as const;
const TAGS = [["red"], ["red", "blue"], [], ["blue", "green"], ["green"], ["red", "green", "blue"]];

/**
 * Twelve items beside the sample content, covering what the filters and sorts distinguish:
 * case variants, missing fields, numbers with ties, dates, arrays and nested objects.
 */
export const QUERY_ITEMS = Array.from({ length: 12 }, (_, index) => {
  const i = index + 1;
  const city = CITIES[index % CITIES.length];
  return {
    _id: `q${String(i).padStart(2, "0")}`,
    order: 100 + i,
    itemData: `Line ${i}`,
    n: (i * 7) % 11,
    when: { $date: new Date(Date.UTC(2024, index, 15, 8, 30)).toISOString() },
    tags: TAGS[index % TAGS.length],
    profile: { level: i % 3, label: i % 2 === 0 ? "Even" : "odd" },
    ...(city === undefined ? {} : { city }),
  };
});
