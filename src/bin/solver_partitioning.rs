//! A solver worker binary (`src/bundles.rs`): the solvers of the partitioning families, the result
//! documents and the runs sent to the page as bytes (`ui::worker::serve`). `www/worker.js`
//! starts it inside a Web Worker for the partitioning page binary, where `main` serves its jobs.

hetlab_web::solver_binary!(hetlab_web::ui::PARTITIONING_SOLVERS);
