/**
 * The nginx configuration of the bench's CDN section: the store behind nginx's `proxy_cache`,
 * with the same `location` directives docs/deploy.md gives for production, and a second server
 * serving the page's HTML as a plain file (the ceiling).
 */

/** What docs/deploy.md's example puts in `location /` (the cache honours the store's headers). */
export const CACHING_LOCATION = `
      proxy_pass http://store;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_cache store;
      proxy_cache_key $scheme$host$request_uri;
      proxy_cache_revalidate on;
      proxy_cache_lock on;
      proxy_cache_background_update on;
      proxy_cache_use_stale updating error timeout http_502 http_503 http_504;
      add_header X-Cache-Status $upstream_cache_status always;`;

export type NginxBenchConfig = {
  /** A directory nginx may write (pid, logs, temp files, cache). */
  prefix: string;
  storePort: number;
  cachePort: number;
  staticPort: number;
  /** Holds index.html, the page's bytes. */
  staticRoot: string;
  /** Run the workers as root (the bench runs as root in a container); else nginx's default. */
  asRoot: boolean;
};

export function nginxBenchConfig(c: NginxBenchConfig): string {
  return `${c.asRoot ? "user root;\n" : ""}daemon off;
worker_processes 1;
pid ${c.prefix}/nginx.pid;
error_log ${c.prefix}/error.log warn;
events { worker_connections 4096; }
http {
  client_body_temp_path ${c.prefix}/body;
  proxy_temp_path ${c.prefix}/proxy;
  fastcgi_temp_path ${c.prefix}/fastcgi;
  uwsgi_temp_path ${c.prefix}/uwsgi;
  scgi_temp_path ${c.prefix}/scgi;
  proxy_cache_path ${c.prefix}/cache keys_zone=store:10m max_size=100m inactive=1d use_temp_path=off;
  log_format cache_status '$upstream_cache_status';
  keepalive_requests 100000;
  upstream store {
    server 127.0.0.1:${c.storePort};
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${c.cachePort};
    access_log ${c.prefix}/cache.log cache_status buffer=64k flush=1s;
    location / {${CACHING_LOCATION}
    }
  }
  server {
    listen 127.0.0.1:${c.staticPort};
    access_log ${c.prefix}/static.log cache_status buffer=64k flush=1s;
    root ${c.staticRoot};
    default_type text/html;
    index index.html;
  }
}
`;
}
