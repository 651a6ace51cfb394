#include "server/server.hpp"

#include <httplib.h>

#include <map>
#include <random>
#include <stdexcept>

#include "generator/spec/spec.hpp"
#include "runtime/cli/catalogue.hpp"
#include "runtime/cli/explain.hpp"
#include "server/web_assets.hpp"

namespace fairy::server {

using nlohmann::json;

namespace {

// Text from the request (a move, spec lines) may be invalid UTF-8: it is replaced, not refused.
void send_json(httplib::Response& res, const json& body, int status = 200) {
  res.status = status;
  res.set_content(body.dump(-1, ' ', false, json::error_handler_t::replace), "application/json");
}

json parse_body(const httplib::Request& req) {
  json body;
  try {
    body = json::parse(req.body);
  } catch (const json::parse_error& e) {
    throw RequestError(400, std::string("malformed JSON: ") + e.what());
  }
  if (!body.is_object()) throw RequestError(400, "the request body must be a JSON object");
  return body;
}

// body[key] as a string of at most `limit` bytes; nullopt when absent (or null).
std::optional<std::string> string_field(const json& body, const char* key, std::size_t limit) {
  const auto it = body.find(key);
  if (it == body.end() || it->is_null()) return std::nullopt;
  if (!it->is_string()) throw RequestError(400, std::string("'") + key + "' must be a string");
  const std::string& text = it->get_ref<const std::string&>();
  if (text.size() > limit)
    throw RequestError(413, std::string("'") + key + "' is too long (" + std::to_string(text.size()) +
                                " bytes; at most " + std::to_string(limit) + ")");
  return text;
}

std::string required_string(const json& body, const char* key, std::size_t limit) {
  auto text = string_field(body, key, limit);
  if (!text) throw RequestError(400, std::string("missing '") + key + "'");
  return *text;
}

json variant_json(const cli::Catalogue::Entry& e) {
  const auto info = e.info();
  const VariantInfo& v = *info;
  return {{"key", e.key},       {"files", v.geo.files},        {"ranks", v.geo.ranks},
          {"fen", v.start_fen}, {"pieces", piece_legend(v)}};
}

json variants_json(const cli::Catalogue& c) {
  json out = json::array();
  for (const auto& e : c.entries()) out.push_back(variant_json(e));
  return out;
}

}  // namespace

struct Server::Impl {
  ServerOptions options;
  cli::Catalogue catalogue;
  httplib::Server http;
  std::mutex games_mutex;
  std::map<std::string, std::shared_ptr<PlaySession>> games;
  std::mt19937_64 ids{std::random_device{}()};
  std::atomic<std::int64_t> clock{0};

  explicit Impl(ServerOptions o) : options(std::move(o)), catalogue(cli::Catalogue::open(options.spec)) { routes(); }

  // Pasted spec text, interpreted; spec errors become 400s with the line and column.
  cli::Catalogue pasted(const std::string& text) const {
    try {
      return cli::Catalogue::from_text(text, options.include_dir + "/pasted.yaml");
    } catch (const fairygen::spec::SpecError& e) {
      json j{{"error", e.what()}, {"message", e.message}, {"file", e.where.file}, {"line", e.where.line},
             {"column", e.where.column}};
      throw SpecRefused{std::move(j)};
    } catch (const std::runtime_error& e) {
      throw RequestError(400, std::string("bad spec: ") + e.what());
    }
  }
  struct SpecRefused {
    json body;
  };

  std::string new_game(const json& body) {
    const std::string key = required_string(body, "variant", 64);
    const auto fen = string_field(body, "fen", options.max_fen_bytes);
    const auto spec = string_field(body, "spec", options.max_spec_bytes);
    std::shared_ptr<PlaySession> session;
    auto start = [&](const cli::Catalogue& c) {
      const auto it = std::find_if(c.entries().begin(), c.entries().end(), [&](const auto& e) { return e.key == key; });
      if (it == c.entries().end()) throw RequestError(404, "unknown variant '" + key + "'");
      session = std::make_shared<PlaySession>(it->info(), it->engine(), fen.value_or(""));
    };
    if (spec) start(pasted(*spec));
    else start(catalogue);
    session->last_used = ++clock;
    std::lock_guard lock(games_mutex);
    if (games.size() >= options.max_games) {  // drop the least recently used game
      auto oldest = games.begin();
      for (auto it = games.begin(); it != games.end(); ++it)
        if (it->second->last_used < oldest->second->last_used) oldest = it;
      games.erase(oldest);
    }
    std::string id;
    do id = fmt_id(ids()); while (games.count(id));
    games.emplace(id, std::move(session));
    return id;
  }

  static std::string fmt_id(std::uint64_t n) {
    static const char* const hex = "0123456789abcdef";
    std::string s(16, '0');
    for (int i = 15; i >= 0; --i, n >>= 4) s[i] = hex[n & 15];
    return s;
  }

  std::shared_ptr<PlaySession> game(const std::string& id) {
    std::lock_guard lock(games_mutex);
    const auto it = games.find(id);
    if (it == games.end()) throw RequestError(404, "no game '" + id + "' (it may have ended or been dropped)");
    it->second->last_used = ++clock;
    return it->second;
  }

  // Runs a handler; its RequestErrors (and spec errors) become JSON error responses.
  template <class F>
  httplib::Server::Handler guarded(F f) {
    return [f](const httplib::Request& req, httplib::Response& res) {
      try {
        f(req, res);
      } catch (const RequestError& e) {
        send_json(res, {{"error", e.what()}}, e.status);
      } catch (const SpecRefused& e) {
        send_json(res, e.body, 400);
      }
    };
  }

  // A request on one game: the session locked, the new state sent back.
  template <class F>
  httplib::Server::Handler on_game(F f) {
    return guarded([this, f](const httplib::Request& req, httplib::Response& res) {
      const auto session = game(req.matches[1]);
      std::lock_guard lock(session->mutex);
      f(req, *session);
      send_json(res, {{"id", std::string(req.matches[1])}, {"state", session->state()}});
    });
  }

  // Debian's httplib listens with a backlog of 5 (compiled in): 100 clients connecting at once
  // then see connections dropped. The listening socket is recorded as it is made and given
  // the system's backlog once bound.
  socket_t listening = INVALID_SOCKET;
  void socket_options() {
    http.set_socket_options([this](socket_t sock) {
      int yes = 1;
      setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
      listening = sock;
    });
  }
  void longer_backlog() const {
    if (listening != INVALID_SOCKET) ::listen(listening, SOMAXCONN);
  }

  void routes() {
    socket_options();
    // Without it, a kept-alive connection (a browser's) waits out Nagle's algorithm against
    // delayed ACKs: about 40 ms a request instead of well under 1 ms.
    http.set_tcp_nodelay(true);
    http.set_payload_max_length(4 * options.max_spec_bytes);
    for (const WebAsset& a : web_assets())
      http.Get(a.path == "/index.html" ? "/" : a.path, [&a](const httplib::Request&, httplib::Response& res) {
        res.set_content(a.data, a.size, a.type);
      });
    http.Get("/api/capabilities", [this](const httplib::Request&, httplib::Response& res) {
      send_json(res, {{"engine", bool(options.engine)}, {"max_files", kMaxFiles}, {"max_ranks", kMaxRanks},
                      {"spec", options.spec}});
    });
    http.Get("/api/variants", [this](const httplib::Request&, httplib::Response& res) {
      send_json(res, variants_json(catalogue));
    });
    http.Post("/api/spec", guarded([this](const httplib::Request& req, httplib::Response& res) {
      const json body = parse_body(req);
      send_json(res, {{"variants", variants_json(pasted(required_string(body, "spec", options.max_spec_bytes)))}});
    }));
    http.Get("/api/explain", guarded([](const httplib::Request& req, httplib::Response& res) {
      const std::string betza = req.get_param_value("betza"), board = req.get_param_value("board");
      if (betza.empty() || betza.size() > 200 || board.size() > 8) throw RequestError(400, "bad 'betza' or 'board'");
      try {
        send_json(res, {{"text", cli::explain_text(betza, board.empty() ? "9x9" : board, "", "", "")}});
      } catch (const cli::ExplainError& e) {
        throw RequestError(400, e.what());
      }
    }));
    http.Post("/api/games", guarded([this](const httplib::Request& req, httplib::Response& res) {
      const std::string id = new_game(parse_body(req));
      const auto session = game(id);
      std::lock_guard lock(session->mutex);
      send_json(res, {{"id", id}, {"state", session->state()}}, 201);
    }));
    const std::string one = R"(/api/games/([0-9a-f]{16}))";
    http.Get(one, on_game([](const httplib::Request&, PlaySession&) {}));
    http.Post(one + "/move", on_game([](const httplib::Request& req, PlaySession& s) {
      s.play(required_string(parse_body(req), "move", 256));
    }));
    http.Post(one + "/undo", on_game([](const httplib::Request&, PlaySession& s) { s.undo(); }));
    http.Post(one + "/redo", on_game([](const httplib::Request&, PlaySession& s) { s.redo(); }));
    http.Post(one + "/fen", on_game([this](const httplib::Request& req, PlaySession& s) {
      s.load_fen(required_string(parse_body(req), "fen", options.max_fen_bytes));
    }));
    http.Post(one + "/engine", on_game([this](const httplib::Request& req, PlaySession& s) {
      const json body = req.body.empty() ? json::object() : parse_body(req);
      const int ms = body.value("movetime_ms", 1000);
      s.engine_turn(options.engine, std::clamp(ms, 10, 60000));
    }));
    http.Delete(one, guarded([this](const httplib::Request& req, httplib::Response& res) {
      std::lock_guard lock(games_mutex);
      if (!games.erase(req.matches[1])) throw RequestError(404, "no game '" + std::string(req.matches[1]) + "'");
      send_json(res, {{"deleted", std::string(req.matches[1])}});
    }));
    // Whatever else goes wrong: a message, never a crash.
    http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
      std::string what = "internal error";
      try {
        std::rethrow_exception(ep);
      } catch (const std::exception& e) {
        what += std::string(": ") + e.what();
      } catch (...) {
      }
      send_json(res, {{"error", what}}, 500);
    });
    http.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
      if (!res.body.empty()) return;
      const std::string what = res.status == 404   ? "no such page or API: " + req.path
                               : res.status == 413 ? "the request is too large"
                                                   : "bad request";
      send_json(res, {{"error", what}}, res.status);
    });
  }
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Server::~Server() = default;

int Server::bind() {
  const int port = impl_->options.port == 0 ? impl_->http.bind_to_any_port(impl_->options.host)
                                            : (impl_->http.bind_to_port(impl_->options.host, impl_->options.port)
                                                   ? impl_->options.port
                                                   : -1);
  if (port <= 0)
    throw std::runtime_error("cannot listen on " + impl_->options.host + ":" + std::to_string(impl_->options.port));
  impl_->longer_backlog();
  return port;
}

bool Server::listen() { return impl_->http.listen_after_bind(); }
void Server::stop() { impl_->http.stop(); }

}  // namespace fairy::server
