vcl 4.1;
# The front cache: Varnish in front of the site (docs/operations.md, "The front cache"). It keys and stores as the
# site's own page cache does (server/http/page-cache/policy.ts) and is purged by the site with cache tags (xkey).

import std;
import xkey;

# Sick once 3 of the last 5 probes failed; starts healthy, so a fresh Varnish answers before its first probe.
probe healthz {
    .url = "/healthz";
    .interval = 5s;
    .timeout = 2s;
    .window = 5;
    .threshold = 3;
    .initial = 3;
}

# One address: in docker-compose.yml, nginx in front of the replicas (Varnish refuses a name with several addresses).
backend default { .host = "site"; .port = "3000"; .probe = healthz; }

# Who may purge: this machine and docker-compose.yml's "edge" network (the site's replicas). Checked against the
# connection's address (client.ip), never X-Forwarded-For.
acl purgers {
    "127.0.0.1";
    "::1";
    "10.231.43.0"/24;
}

sub vcl_recv {
    # The builtin's Host rules (lower-cased; refused if HTTP/1.1 has none), and none of our markers from outside.
    call vcl_req_host;
    unset req.http.X-Front-Encoding;
    unset req.http.X-Front-Cache;
    unset req.http.X-Purged;

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "PURGE needs an xkey-purge header naming the tags"));
        }
        # Soft: the copies go stale rather than away, so they can still be answered while the site is down.
        set req.http.X-Purged = xkey.softpurge(req.http.xkey-purge);
        return (synth(200, "Purged"));
    }
    if (req.method == "PRI") {
        return (synth(405));
    }
    # X-Forwarded-For already ends with the client's address (Varnish appends it): the site's rate limits read it.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # The contact page asks each visitor a spam question of their own (private, no-store): passed, not queued behind
    # another visitor's fetch.
    if (req.url ~ "^/contact(\.data)?(\?|$)") {
        return (pass);
    }
    # The operator endpoints, draft preview and Contentful's webhook are never stored.
    if (req.url ~ "^/(status|status\.json|metrics|healthz|readyz)(\?|$)" ||
        req.url ~ "^/(api/preview|preview|contentful)(/|\?|$)") {
        return (pass);
    }
    if (req.http.Cookie ~ "(^|;)\s*site_preview=" || req.http.Authorization) {
        return (pass);
    }

    # The consent choice is the only cookie that changes a page: keep it (written one way, so Vary: Cookie matches)
    # and drop every other, so a visitor carrying a parent domain's cookies still gets the stored page.
    if (req.http.Cookie ~ "(^|;)\s*analytics_consent=(granted|denied)\s*(;|$)") {
        set req.http.Cookie = "analytics_consent=" + regsub(req.http.Cookie,
            "^(?:.*?;)?\s*analytics_consent=(granted|denied)\s*(?:;.*)?$", "\1");
    } else {
        unset req.http.Cookie;
    }

    # The site answers br, gzip or identity. Varnish rewrites Accept-Encoding to gzip after vcl_recv, so the
    # visitor's choice is kept aside here, hashed, and put back on the fetch in vcl_backend_fetch.
    if (req.http.Accept-Encoding ~ "(?i)(^|,)\s*br\s*(;\s*q=(?!0(\.0*)?\s*(,|$))[0-9.]+\s*)?(,|$)") {
        set req.http.X-Front-Encoding = "br";
    } elsif (req.http.Accept-Encoding ~ "(?i)(^|,)\s*gzip\s*(;\s*q=(?!0(\.0*)?\s*(,|$))[0-9.]+\s*)?(,|$)") {
        set req.http.X-Front-Encoding = "gzip";
    } else {
        set req.http.X-Front-Encoding = "identity";
    }

    # While the site is healthy a stale copy is answered only briefly (the site's stale-while-revalidate) while
    # one fetch refreshes it; while it is sick, for the whole grace set in vcl_backend_response.
    if (std.healthy(req.backend_hint)) {
        set req.grace = 60s;
    }
    return (hash);
}

sub vcl_hash {
    hash_data(req.url);
    if (req.http.host) {
        hash_data(req.http.host);
    } else {
        hash_data(server.ip);
    }
    # The consent choice ("analytics_consent=granted", "…=denied" or none), as the site's own key has it.
    hash_data(req.http.Cookie);
    # The encoding: Vary cannot tell br from gzip once Varnish has rewritten Accept-Encoding.
    hash_data(req.http.X-Front-Encoding);
    return (lookup);
}

sub vcl_hit {
    if (obj.ttl >= 0s) {
        set req.http.X-Front-Cache = "HIT";
    } else {
        set req.http.X-Front-Cache = "STALE";
    }
}

sub vcl_miss {
    set req.http.X-Front-Cache = "MISS";
}

sub vcl_pass {
    set req.http.X-Front-Cache = "PASS";
}

sub vcl_backend_fetch {
    # A stored fetch asks for the visitor's encoding, not the gzip Varnish would ask for (passes go as they came).
    if (bereq.http.X-Front-Encoding == "identity") {
        unset bereq.http.Accept-Encoding;
    } elsif (bereq.http.X-Front-Encoding) {
        set bereq.http.Accept-Encoding = bereq.http.X-Front-Encoding;
    }
    unset bereq.http.X-Front-Encoding;
}

sub vcl_backend_response {
    if (bereq.uncacheable) {
        return (deliver);
    }
    # Only what the site marks public and fresh is stored. The rest (a visitor's own render, preview, a degraded
    # page, a stale copy the site is refreshing) becomes hit-for-miss: the next fetch may be stored again.
    if (beresp.http.Set-Cookie ||
        beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)" ||
        beresp.http.Cache-Control !~ "(?i)(^|,)\s*public\s*(,|$)" ||
        beresp.http.Vary == "*" ||
        beresp.ttl <= 0s) {
        set beresp.ttl = 120s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # The TTL is the site's s-maxage less its Age. Kept a day past it, as the site keeps its own copies, for when
    # the site is down; vcl_recv cuts that to a minute while it is up.
    set beresp.grace = 24h;
    return (deliver);
}

sub vcl_deliver {
    # The cache tags are for this tier and the purges, not for visitors.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    unset resp.http.Edge-Cache-Tag;
    set resp.http.X-Front-Cache = req.http.X-Front-Cache;
}

sub vcl_synth {
    if (req.method == "PURGE") {
        set resp.http.Content-Type = "text/plain; charset=utf-8";
        if (resp.status == 200) {
            set resp.http.X-Purged = req.http.X-Purged;
            set resp.body = "purged " + req.http.X-Purged + {"
"};
        } else {
            set resp.body = resp.reason + {"
"};
        }
        return (deliver);
    }
}
