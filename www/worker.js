// HetLab's solver worker. The page starts it (src/ui/worker) and sends first the URL of its own
// wasm-bindgen glue and its compiled WebAssembly module; this script loads the same program,
// whose `main` sees a worker scope and takes over the messages (src/ui/worker/serve.rs).
self.onmessage = async (event) => {
  const { glue, module } = event.data || {};
  try {
    const bindings = await import(glue);
    await bindings.default({ module_or_path: module });
  } catch (e) {
    self.postMessage({ kind: 'panic', message: `the solver could not start: ${e}` });
  }
};
