// HetLab's solver worker. The page starts it (src/ui/worker) and sends first the URLs of the
// solver binary's wasm-bindgen glue and wasm (src/bin/solver_*.rs; index.html names them); this
// script loads that program, whose `main` takes over the messages (src/ui/worker/serve.rs).
self.onmessage = async (event) => {
  const { glue, wasm } = event.data || {};
  try {
    const bindings = await import(glue);
    await bindings.default({ module_or_path: wasm });
  } catch (e) {
    self.postMessage({ kind: 'panic', message: `the solver could not start: ${e}` });
  }
};
