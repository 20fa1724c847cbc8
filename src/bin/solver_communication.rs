//! A solver worker binary (`src/bundles.rs`): the solvers of the communication families, the result
//! documents and the runs sent to the page as bytes (`ui::worker::serve`). `www/worker.js`
//! starts it inside a Web Worker for the communication page binary, where `main` serves its jobs.

hetlab_web::solver_binary!(hetlab_web::ui::COMMUNICATION_SOLVERS);
