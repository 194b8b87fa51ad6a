// The memory runs in the browser only; the server's part is the headers.
const assets = '/amplify-memory/:path*';

export default {
  async headers() {
    return [
      {
        // Every file under the copied assets names its version or content hash.
        source: assets,
        headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
      },
      {
        // Pyodide compiles WebAssembly: the page's CSP must allow it ('wasm-unsafe-eval');
        // the worker comes from the page's own origin. (Next's own inline scripts need
        // 'unsafe-inline' unless you use its nonces.)
        source: '/:path*',
        headers: [
          {
            key: 'Content-Security-Policy',
            value:
              "default-src 'self'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'; " +
              "worker-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'",
          },
        ],
      },
    ];
  },
};
