/**
 * The page for a path no screen renders: a real 404 (crawlers and uptime checks see it is missing) in the shop's
 * dark look, self-contained so it works whether or not the web client is built.
 */
export const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en" style="background:#0b0f17;color-scheme:dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Page not found | Copper State Uniforms</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0f17;color:#e5e7eb;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
main{max-width:32rem;padding:2rem 1.5rem;text-align:center}
.brand{font-weight:700;letter-spacing:.02em;color:#f59e4b;margin:0 0 2rem}
h1{font-size:1.75rem;margin:0 0 .75rem;color:#fff}
p{margin:0 0 1.5rem;color:#d1d5db}
a.home{display:inline-block;padding:.65rem 1.25rem;border-radius:.5rem;background:#f59e4b;color:#0b0f17;
font-weight:600;text-decoration:none}
a.home:focus-visible{outline:3px solid #fff;outline-offset:3px}
</style>
</head>
<body>
<main>
<p class="brand">Copper State Uniforms</p>
<h1>Page not found</h1>
<p>The page you asked for does not exist. It may have moved, or the address may be mistyped.</p>
<a class="home" href="/">Go to the home page</a>
</main>
</body>
</html>
`;
