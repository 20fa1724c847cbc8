//! A solver worker binary (`src/bundles.rs`): the solvers of the distribution families (scatter,
//! master–slave), the result documents and the runs sent to the page as bytes
//! (`ui::worker::serve`). `www/worker.js` starts it inside a Web Worker for the distribution page
//! binary, where `main` serves its jobs.

hetlab_web::solver_binary!(hetlab_web::ui::DISTRIBUTION_SOLVERS);
