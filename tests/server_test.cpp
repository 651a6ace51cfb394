// fairy serve's JSON API (server/): bad input gets a 4xx with a message and never harms the
// server; 100 games played at once by concurrent clients do not interfere; the engine hook.
#include <gtest/gtest.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <random>
#include <regex>
#include <thread>

#include "runtime/cli/catalogue.hpp"
#include "runtime/game.hpp"
#include "runtime/notation.hpp"
#include "server/server.hpp"
#include "tests/effort.hpp"

namespace {

using nlohmann::json;
using namespace fairy;

// A server on a free port of 127.0.0.1, serving on its own thread for the test's lifetime.
class Running {
 public:
  explicit Running(server::ServerOptions options = {}) : server_(set_port(std::move(options))) {
    port_ = server_.bind();
    thread_ = std::thread([this] { server_.listen(); });
  }
  ~Running() {
    server_.stop();
    thread_.join();
  }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(60, 0);
    return c;
  }

 private:
  static server::ServerOptions set_port(server::ServerOptions o) {
    o.port = 0;
    return o;
  }
  server::Server server_;
  int port_ = 0;
  std::thread thread_;
};

struct Reply {
  int status = 0;
  json body;
};

Reply post(httplib::Client& c, const std::string& path, const std::string& body) {
  const auto res = c.Post(path.c_str(), body, "application/json");
  if (!res) return {0, json{{"client error", httplib::to_string(res.error())}}};
  return {res->status, json::parse(res->body, nullptr, false)};
}
Reply post(httplib::Client& c, const std::string& path, const json& body) { return post(c, path, body.dump()); }

// A 4xx with a JSON message containing `text`.
void expect_refused(const Reply& r, int status, const std::string& text) {
  EXPECT_EQ(r.status, status) << r.body.dump();
  ASSERT_TRUE(r.body.is_object() && r.body.contains("error")) << r.body.dump();
  EXPECT_NE(r.body["error"].get<std::string>().find(text), std::string::npos) << r.body.dump();
}

std::vector<std::string> opera_turns() {
  std::ifstream in(std::string(FAIRY_SOURCE_DIR) + "/tests/games/opera.txt");
  std::vector<std::string> turns;
  std::string line;
  const std::regex numbered(R"(^\s*\d+\.+\s*(.*\S)\s*$)");
  std::smatch m;
  while (std::getline(in, line))
    if (std::regex_match(line, m, numbered)) turns.push_back(m[1]);
  return turns;
}

TEST(Server, RefusesBadInputWithA4xxAndAMessage) {
  Running srv;
  auto c = srv.client();
  expect_refused(post(c, "/api/games", std::string("{\"variant\": ")), 400, "malformed JSON");
  expect_refused(post(c, "/api/games", std::string("[1, 2]")), 400, "must be a JSON object");
  expect_refused(post(c, "/api/games", json{{"fen", "8/8"}}), 400, "missing 'variant'");
  expect_refused(post(c, "/api/games", json{{"variant", 3}}), 400, "'variant' must be a string");
  expect_refused(post(c, "/api/games", json{{"variant", "chesss"}}), 404, "unknown variant 'chesss'");
  expect_refused(post(c, "/api/games", json{{"variant", "chess"}, {"fen", "rnbqkbnr/ppppXppp/8 w - - 0 1"}}), 400,
                 "bad FEN at column 14");
  expect_refused(post(c, "/api/games", json{{"variant", "chess"}, {"fen", std::string(100000, '8')}}), 413,
                 "'fen' is too long");
  expect_refused(post(c, "/api/spec", json{{"spec", std::string(300000, '#')}}), 413, "'spec' is too long");
  expect_refused(post(c, "/api/spec", std::string(2 << 20, ' ')), 413, "too large");
  expect_refused(post(c, "/api/games/0123456789abcdef/move", json{{"move", "P e2-e4"}}), 404, "no game");
  expect_refused(post(c, "/api/nothing", json::object()), 404, "no such page or API");

  // A spec error names its line and column.
  const Reply spec = post(c, "/api/spec", json{{"spec", "pieces:\n  king: {letter: K, betza: Kk, royal: true}\n"}});
  EXPECT_EQ(spec.status, 400);
  EXPECT_EQ(spec.body.value("line", 0), 2) << spec.body.dump();
  EXPECT_GT(spec.body.value("column", 0), 0) << spec.body.dump();

  const Reply game = post(c, "/api/games", json{{"variant", "chess"}});
  ASSERT_EQ(game.status, 201);
  const std::string id = game.body["id"];
  const std::string base = "/api/games/" + id;
  expect_refused(post(c, base + "/move", json{{"move", "P e2-e5"}}), 400, "a Pawn cannot go from e2 to e5");
  expect_refused(post(c, base + "/move", json{{"move", "e7e5"}}), 400, "illegal move");
  expect_refused(post(c, base + "/move", json{{"move", std::string(1000, 'x')}}), 413, "too long");
  expect_refused(post(c, base + "/move", json{{"mov", "P e2-e4"}}), 400, "missing 'move'");
  expect_refused(post(c, base + "/move", std::string("{\"move\": \"P e2-e\xff\"}")), 400, "malformed JSON");
  expect_refused(post(c, base + "/move", json{{"move", "P e2-e4\u00e9"}}), 400, "P e2-e4\u00e9");
  expect_refused(post(c, base + "/undo", json::object()), 400, "nothing to take back");
  expect_refused(post(c, base + "/redo", json::object()), 400, "nothing to play again");
  expect_refused(post(c, base + "/fen", json{{"fen", "8/8/8 w"}}), 400, "bad FEN");
  expect_refused(post(c, base + "/engine", json::object()), 501, "no engine");
  const auto explain = c.Get("/api/explain?betza=NX&board=8x8");
  ASSERT_TRUE(explain);
  EXPECT_EQ(explain->status, 400);

  // Garbage, and JSON of every shape with wrong or odd values, to every endpoint: a 4xx each time.
  std::mt19937 rng(7);
  const std::vector<std::string> paths = {"/api/games", "/api/spec", base + "/move", base + "/fen", base + "/undo"};
  const std::vector<json> values = {nullptr, 1, -1.5, true, "", "\u00e9\u00e9", std::string(300, 'e'), json::array({1}),
                                    json::object(), "8/8/8/8/8/8/8/8 w - - 0 1", "K e1-e2; ; ;", "pass", "@-e4"};
  for (int i = 0; i < 300; ++i) {
    std::string body;
    if (i % 3 == 0) {
      for (int n = rng() % 40; n > 0; --n) body += char(rng() % 256);
    } else {
      json j = json::object();
      for (const char* key : {"variant", "fen", "spec", "move"})
        if (rng() % 2) j[key] = values[rng() % values.size()];
      body = j.dump();
    }
    const Reply r = post(c, paths[rng() % paths.size()], body);
    EXPECT_TRUE((r.status >= 400 && r.status < 500) || r.status == 200 || r.status == 201) << body << " -> " << r.status
                                                                                             << " " << r.body.dump();
  }
  c.Post((base + "/fen").c_str(), json{{"fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}}.dump(),
         "application/json");

  // The server still plays after all that.
  const Reply moved = post(c, base + "/move", json{{"move", "P e2-e4"}});
  ASSERT_EQ(moved.status, 200) << moved.body.dump();
  EXPECT_EQ(moved.body["state"]["fen"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(Server, BindsToThisMachineOnlyByDefault) { EXPECT_EQ(server::ServerOptions{}.host, "127.0.0.1"); }

// Each move the page can enter carries its squares; a turn of two plies (Extra Move Chess) is
// entered ply by ply and recorded as one turn; undo and redo take it back and play it again.
TEST(Server, PlaysATurnPlyByPlyAndUndoesAndRedoesIt) {
  Running srv;
  auto c = srv.client();
  const Reply game = post(c, "/api/games", json{{"variant", "extramove"}, {"fen", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 5"}});
  ASSERT_EQ(game.status, 201);
  const std::string base = "/api/games/" + game.body["id"].get<std::string>();
  Reply r = post(c, base + "/move", json{{"move", "P e2-e3"}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["state"]["side"], "white");
  EXPECT_EQ(r.body["state"]["phase"], 1);
  EXPECT_EQ(r.body["state"]["partial"], json::array({"P e2-e3"}));
  r = post(c, base + "/move", json{{"move", "e1d1"}});  // coordinates too
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["state"]["turns"], json::array({"P e2-e3; K e1-d1"}));
  EXPECT_EQ(r.body["state"]["last"], (json{{"from", "e1"}, {"to", "d1"}}));
  r = post(c, base + "/undo", json::object());
  EXPECT_EQ(r.body["state"]["fen"], "4k3/8/8/8/8/8/4P3/4K3 w - - 0 5");
  r = post(c, base + "/redo", json::object());
  EXPECT_EQ(r.body["state"]["turns"], json::array({"P e2-e3; K e1-d1"}));
  for (const json& m : r.body["state"]["moves"]) {
    EXPECT_TRUE(m.contains("gc") && m.contains("uci") && m.contains("kind") && m.contains("to")) << m.dump();
  }
}

// The page's list of variants: every compiled variant once, with its board, start position and
// the legend of its pieces, in the catalogue's order.
TEST(Server, ListsEveryCompiledVariant) {
  Running srv;
  auto c = srv.client();
  const auto res = c.Get("/api/variants");
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 200);
  const json list = json::parse(res->body);
  const auto catalogue = cli::Catalogue::open("");
  ASSERT_EQ(list.size(), catalogue.entries().size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto& entry = catalogue.entries()[i];
    const auto info = entry.info();
    EXPECT_EQ(list[i]["key"], entry.key);
    EXPECT_EQ(list[i]["files"], info->geo.files) << entry.key;
    EXPECT_EQ(list[i]["ranks"], info->geo.ranks) << entry.key;
    EXPECT_EQ(list[i]["fen"], info->start_fen) << entry.key;
    EXPECT_FALSE(list[i]["pieces"].empty()) << entry.key;
  }
  const auto chess = std::find_if(list.begin(), list.end(), [](const json& v) { return v["key"] == "chess"; });
  ASSERT_NE(chess, list.end());
  EXPECT_EQ((*chess)["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  // The page itself and its script, which fetch that list.
  const auto page = c.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->body.find("app.js"), std::string::npos);
  const auto script = c.Get("/app.js");
  ASSERT_TRUE(script);
  EXPECT_EQ(script->status, 200);
  EXPECT_NE(script->body.find("/api/variants"), std::string::npos);
}

// The engine hook: the page's button appears when a picker is set, and its move is played.
TEST(Server, PlaysTheEnginesMoveWhenAPickerIsSet) {
  server::ServerOptions o;
  int asked = 0;
  o.engine = [&asked](const Engine& e, Position& pos, int) -> std::optional<Move> {
    ++asked;
    MoveList legal;
    e.legal_moves(pos, legal);
    return legal.size ? std::optional<Move>(legal[legal.size - 1]) : std::nullopt;
  };
  Running srv(o);
  auto c = srv.client();
  const auto caps = c.Get("/api/capabilities");
  ASSERT_TRUE(caps);
  EXPECT_TRUE(json::parse(caps->body)["engine"].get<bool>());
  const Reply game = post(c, "/api/games", json{{"variant", "chess"}});
  const Reply r = post(c, "/api/games/" + game.body["id"].get<std::string>() + "/engine", json{{"movetime_ms", 10}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(asked, 1);
  EXPECT_EQ(r.body["state"]["side"], "black");
  EXPECT_EQ(r.body["state"]["turns"].size(), 1u);
}

// Crazyhouse: a capture puts the piece in the captor's hand, which the state shows as
// Position::in_hand counts it (with whether it can be dropped now); a drop posted is played.
TEST(Server, ShowsHandsAndPlaysADropFromTheHand) {
  Running srv;
  auto c = srv.client();
  const Reply game = post(c, "/api/games", json{{"variant", "crazyhouse"}});
  ASSERT_EQ(game.status, 201) << game.body.dump();
  EXPECT_EQ(game.body["state"]["hands"], (json{{"white", json::array()}, {"black", json::array()}}));
  const std::string base = "/api/games/" + game.body["id"].get<std::string>();
  Reply r;
  for (const char* move : {"P e2-e4", "p d7-d5", "P e4-d5"}) {
    r = post(c, base + "/move", json{{"move", move}});
    ASSERT_EQ(r.status, 200) << move << ": " << r.body.dump();
  }
  const auto catalogue = cli::Catalogue::open("");
  const auto engine = catalogue.engine("crazyhouse");
  Position pos(engine->variant());
  pos.set_fen(r.body["state"]["fen"].get<std::string>());
  const int pawn = engine->variant().type_of_token('P', 0);
  ASSERT_EQ(pos.in_hand(White, pawn), 1);
  EXPECT_EQ(r.body["state"]["hands"]["white"],
            json::array({{{"letter", "P"}, {"count", pos.in_hand(White, pawn)}, {"droppable", false}}}));
  EXPECT_EQ(r.body["state"]["hands"]["black"], json::array());
  r = post(c, base + "/move", json{{"move", "n g8-f6"}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["state"]["hands"]["white"][0]["droppable"], true);
  r = post(c, base + "/move", json{{"move", "P-e6"}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["state"]["fen"].get<std::string>().rfind("rnbqkb1r/ppp1pppp/4Pn2/3P4/8/8/PPPP1PPP/RNBQKBNR[] b KQkq - ", 0), 0u)
      << r.body["state"]["fen"];
  EXPECT_EQ(r.body["state"]["hands"]["white"], json::array());
  EXPECT_EQ(r.body["state"]["turns"].back(), "P-e6");
  // Chess has no hands: no field.
  EXPECT_FALSE(post(c, "/api/games", json{{"variant", "chess"}}).body["state"].contains("hands"));
}

// Kyoto shogi: a piece in hand drops on either face; both drops are the hand piece's (`drop`),
// the one on the promoted face has it as `promo`, so the page offers the two in its chooser.
TEST(Server, KyotoShogiDropsOnEitherFace) {
  Running srv;
  auto c = srv.client();
  const Reply game = post(c, "/api/games", json{{"variant", "kyotoshogi"}, {"fen", "k4/5/5/5/4K[L] w - - 0 1"}});
  ASSERT_EQ(game.status, 201) << game.body.dump();
  std::vector<json> onto_c3;
  for (const json& m : game.body["state"]["moves"])
    if (m["to"] == "c3") onto_c3.push_back(m);
  ASSERT_EQ(onto_c3.size(), 2u);
  for (const json& m : onto_c3) {
    EXPECT_EQ(m["kind"], "drop");
    EXPECT_EQ(m["drop"], "L");
  }
  const bool face_first = onto_c3[0].contains("promo");
  const json& face = onto_c3[face_first ? 0 : 1];
  const json& plain = onto_c3[face_first ? 1 : 0];
  EXPECT_EQ(face["promo"], "+L");
  EXPECT_EQ(face["gc"], "+L-c3");
  EXPECT_EQ(face["uci"], "+L@c3");
  EXPECT_FALSE(plain.contains("promo"));
  EXPECT_EQ(plain["gc"], "L-c3");
  const Reply r = post(c, "/api/games/" + game.body["id"].get<std::string>() + "/move", json{{"move", "+L-c3"}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["state"]["fen"].get<std::string>().rfind("k4/5/2+L2/5/4K[] b ", 0), 0u) << r.body["state"]["fen"];
}

// Seirawan: a gating move names the piece from the hand and the square it enters; castling may
// gate onto the Rook's square. The plain move beside it has no `gate`.
TEST(Server, SeirawanGatingMovesSayWhatEnters) {
  Running srv;
  auto c = srv.client();
  const Reply game = post(c, "/api/games", json{{"variant", "seirawan"}, {"fen", "4k3/8/8/8/8/8/8/4K2R[H] w K - 0 1"}});
  ASSERT_EQ(game.status, 201) << game.body.dump();
  int plain = 0, gated = 0, castling_gated = 0;
  for (const json& m : game.body["state"]["moves"]) {
    if (m["from"] != "h1" && m["kind"] != "castling") continue;
    if (!m.contains("gate")) {
      ++plain;
      continue;
    }
    ++gated;
    EXPECT_EQ(m["gate"]["piece"], "H") << m.dump();
    if (m["kind"] == "castling" && m["gate"]["square"] == "h1") {
      ++castling_gated;
      EXPECT_EQ(m["uci"], "h1e1h");
      EXPECT_EQ(m["gc"], "K e1-g1; H-h1");
    } else if (m["kind"] != "castling") {
      EXPECT_EQ(m["gate"]["square"], "h1") << m.dump();
      EXPECT_EQ(m["gc"].get<std::string>().substr(m["gc"].get<std::string>().size() - 6), "; H-h1") << m.dump();
    }
  }
  EXPECT_EQ(plain, 10);  // the Rook's 9 moves and castling, without gating
  EXPECT_EQ(gated, 11);  // the same with H entering, and castling with H on e1 as well
  EXPECT_EQ(castling_gated, 1);
  const Reply r = post(c, "/api/games/" + game.body["id"].get<std::string>() + "/move", json{{"move", "K e1-g1; H-h1"}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["state"]["fen"].get<std::string>().rfind("4k3/8/8/8/8/8/8/5RKH[] b ", 0), 0u) << r.body["state"]["fen"];
}

// 100 clients at once (24 under the sanitizers, where the hundred took 68 s of CPU; the
// server's pool serves 8 connections at a time on up to 9 cores, so 24 still queue), each with
// its own game: half play the Opera Game to mate, half random legal games of other variants;
// every game ends as the same moves end it on a local Game.
TEST(Server, ConcurrentGamesDoNotInterfere) {
  Running srv;
  const std::vector<std::string> opera = opera_turns();
  ASSERT_EQ(opera.size(), 33u);
  const auto catalogue = cli::Catalogue::open("");
  const std::vector<std::string> others = {"sandbox", "universal", "extramove", "obento", "capablanca"};
  constexpr int kGames = test::effort(100, 24);
  std::vector<std::string> failures(kGames);
  std::vector<std::thread> clients;
  for (int g = 0; g < kGames; ++g)
    clients.emplace_back([&, g] {
      auto c = srv.client();
      std::string& fail = failures[g];
      const std::string variant = g % 2 ? others[g / 2 % others.size()] : "chess";
      const Reply game = post(c, "/api/games", json{{"variant", variant}});
      if (game.status != 201) return void(fail = "new game: " + game.body.dump());
      const std::string base = "/api/games/" + game.body["id"].get<std::string>();
      json state = game.body["state"];
      std::vector<std::string> played;  // plies, for the local replay
      std::mt19937 rng(g);
      for (int ply = 0; ply < (g % 2 ? 40 : int(opera.size())); ++ply) {
        if (!state["result"].is_null()) break;
        std::string move;
        if (g % 2 == 0) move = opera[ply];
        else move = state["moves"][rng() % state["moves"].size()]["gc"];
        const Reply r = post(c, base + "/move", json{{"move", move}});
        if (r.status != 200) return void(fail = variant + " " + move + ": " + r.body.dump());
        state = r.body["state"];
        played.push_back(move);
      }
      if (g % 2 == 0 && state["result"]["text"] != "1-0 (checkmate)") return void(fail = "opera: " + state.dump());
      // The same plies on a Game of this thread's own.
      const auto engine = catalogue.engine(variant);
      Position pos(engine->variant());
      pos.set_start();
      for (const std::string& m : played) play_gc_turn(pos, *engine, m);
      if (pos.fen() != state["fen"]) fail = variant + ": the server's " + state["fen"].dump() + ", locally " + pos.fen();
    });
  for (auto& t : clients) t.join();
  for (int g = 0; g < kGames; ++g) EXPECT_EQ(failures[g], "") << "game " << g;
}

}  // namespace
