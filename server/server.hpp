// fairy serve: a play-test page on 127.0.0.1 and the JSON API behind it (docs/serve.md).
// A layer above the runtime: it plays games through runtime/game.hpp and reads variants through
// the CLI's catalogue (compiled modules, or a spec file or pasted spec text, interpreted).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "server/session.hpp"

namespace fairy::server {

struct ServerOptions {
  std::string host = "127.0.0.1";  // only this machine, unless told otherwise
  int port = 8080;                 // 0: any free port
  std::string spec;                // empty: the compiled variants; else this spec file's, interpreted
  std::string include_dir = ".";   // where pasted specs' include: files are looked for
  MovePicker engine;               // unset: no "engine plays" (see docs/serve.md to wire a search in)
  std::size_t max_games = 4096;    // beyond this, the least recently used game is dropped
  std::size_t max_spec_bytes = 256 * 1024;
  std::size_t max_fen_bytes = 4096;
};

class Server {
 public:
  explicit Server(ServerOptions options);  // throws fairygen::spec::SpecError for a bad --spec
  ~Server();
  // Binds (options.port, or any free port if 0) and returns the port; throws std::runtime_error.
  int bind();
  // Serves until stop(); returns false on a listening error.
  bool listen();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace fairy::server
