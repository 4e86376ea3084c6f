/**
 * @module The key a per-client limit counts under: an IPv4 address as is, an IPv6 address by its
 * /64 network (one subscriber usually holds a whole /64 and can pick any address in it).
 */
import { isIPv6 } from "node:net";

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

function expandIpv6(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  // An embedded IPv4 tail (::ffff:1.2.3.4 was handled before) takes two groups.
  const groups = [
    ...left,
    ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"),
    ...right,
  ];
  return groups.map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""));
}

/** `request.ip` as a limit key: IPv4 (mapped too) unchanged, IPv6 as `a:b:c:d::/64`. */
export function clientKey(ip: string): string {
  const address = ip.split("%")[0] ?? ip;
  const mapped = MAPPED_IPV4.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (!isIPv6(address) || address.includes(".")) return address;
  return `${expandIpv6(address).slice(0, 4).join(":")}::/64`;
}
