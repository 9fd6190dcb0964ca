import Files
import FoundationEssentials
import MealsCore
import Programs

#if canImport(Glibc)
  import Glibc
#endif

/// The sync folder as a git work tree: its own changes committed, the upstream merged in
/// (a file both sides changed kept as two recipes), what the sync wrote committed and pushed.
///
/// meals runs the `git` program, so the user's remotes, keys and credentials work as they do
/// for them; git never asks a question (no terminal prompt, no editor).
struct GitFolder {
  let root: String
  /// This machine and the minute, which its own version of a recipe both sides changed is
  /// named after.
  let machine: SyncMachine
  /// `-c user.name=meals` and the like when git does not know the user (asked once).
  private let identity: [String]

  init(root: String, machine: SyncMachine) {
    self.root = root
    self.machine = machine
    let name = ProgramRun.run("git", ["-C", root, "config", "user.name"])
    let email = ProgramRun.run("git", ["-C", root, "config", "user.email"])
    var flags: [String] = []
    if MealRules.isBlank(name.output) { flags += ["-c", "user.name=meals"] }
    if MealRules.isBlank(email.output) { flags += ["-c", "user.email=meals@localhost"] }
    identity = flags
  }

  /// Whether the folder is a git work tree (it holds `.git`).
  static func isWorkTree(_ root: String) -> Bool {
    FileManager.default.fileExists(atPath: root + "/.git")
  }

  // MARK: - Steps

  /// Puts right what a sync stopped midway (SIGKILL, a power cut) left in the repository; the
  /// names given to versions kept by a merge it concludes.
  ///
  /// An index lock: waited for while a git still holds it (one a stopped sync started goes on
  /// to its end), taken away when none does. A merge never concluded: concluded as a sync
  /// concludes one — a recipe both sides changed kept twice — so git's conflict marks are
  /// never committed.
  func recover() throws(SyncError) -> [String] {
    let lock = root + "/.git/index.lock"
    let deadline = ProcessClock.seconds() + 5
    // A git a stopped sync started (in a process group of its own, it outlives meals) goes
    // on to its end first.
    let here = SyncFolder.realPath(root) ?? root
    while Self.isGitRunning(in: here), ProcessClock.seconds() < deadline { usleep(50_000) }
    while FileManager.default.fileExists(atPath: lock) {
      guard Self.isOpenByAnyProcess(SyncFolder.realPath(lock) ?? lock) else {
        unlink(lock)
        break
      }
      guard ProcessClock.seconds() < deadline else {
        throw SyncError(
          "git is busy in \(root) (its index is locked by a running git); try again when it is done."
        )
      }
      usleep(50_000)
    }
    guard FileManager.default.fileExists(atPath: root + "/.git/MERGE_HEAD") else { return [] }
    return try conclude(taken: [], stoppedAt: SyncFolder(root: root).entry(".git/MERGE_HEAD"))
  }

  /// Whether a git runs in `folder` (Linux: a process named git whose working folder it is).
  private static func isGitRunning(in folder: String) -> Bool {
    processes()?.contains { process in
      FileManager.default.contents(atPath: "/proc/\(process)/comm").map {
        String(decoding: $0, as: UTF8.self).hasPrefix("git")
      } == true
        && (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process)/cwd"))
          == folder
    } ?? false
  }

  /// Whether any process has `path` open (Linux: each process's `/proc/PID/fd`); true when
  /// that cannot be told.
  private static func isOpenByAnyProcess(_ path: String) -> Bool {
    guard let processes = processes() else { return true }
    return processes.contains { process in
      let folder = "/proc/\(process)/fd"
      let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      return descriptors.contains {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) == path
      }
    }
  }

  /// The running processes' ids (`/proc`), nil when it cannot be read.
  private static func processes() -> [String]? {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter {
      $0.allSatisfy(\.isNumber)
    }
  }

  /// Commits everything changed in the folder; false when nothing was.
  func commitAll(message: String) throws(SyncError) -> Bool {
    try must(git(["add", "-A"]), "add the folder's changes")
    let status = git(["status", "--porcelain"])
    try must(status, "read the folder's status")
    guard !MealRules.isBlank(status.output) else { return false }
    try must(git(["commit", "-q", "--no-verify", "-m", message]), "commit")
    return true
  }

  /// Whether the branch follows an upstream (then the sync pulls and pushes).
  var hasUpstream: Bool {
    git(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"]).succeeded
  }

  /// The remote a branch without an upstream is tied to: `origin`, else the only one.
  var remote: String? {
    let remotes = git(["remote"]).output.split(separator: "\n").map(String.init)
    return remotes.contains("origin") ? "origin" : remotes.count == 1 ? remotes.first : nil
  }

  /// Follows the remote's branch of the same name, for a branch with no upstream yet.
  ///
  /// A clone of an empty repository, or a folder given a remote by hand: the remote's branch
  /// is merged in when it exists, else made by the first push. The names given to second
  /// versions when merging kept two; nil when there is no remote to follow.
  func followRemote() throws(SyncError) -> [String]? {
    guard let remote else { return nil }
    let branch = MealRules.trimmed(git(["symbolic-ref", "--short", "HEAD"]).output)
    guard !branch.isEmpty else { return nil }
    var names: [String] = []
    let fetched = git(["fetch", "-q", remote])
    guard fetched.succeeded else {
      throw SyncError("git fetch from \(remote) in \(root) failed: \(fetched.firstComplaint)")
    }
    if git(["rev-parse", "-q", "--verify", "refs/remotes/\(remote)/\(branch)"]).succeeded {
      let unborn = !git(["rev-parse", "-q", "--verify", "HEAD"]).succeeded
      if unborn {
        try must(git(["reset", "-q", "--hard", "\(remote)/\(branch)"]), "take the remote's branch")
      } else {
        names = try merge([
          "merge", "-q", "--no-edit", "--allow-unrelated-histories", "\(remote)/\(branch)",
        ])
      }
      try must(git(["branch", "-q", "-u", "\(remote)/\(branch)"]), "follow the remote's branch")
    } else if git(["rev-parse", "-q", "--verify", "HEAD"]).succeeded {
      try must(git(["push", "-q", "-u", remote, "HEAD"]), "push to \(remote)")
    }
    return names
  }

  /// Merges the upstream in; the names given to the second versions.
  ///
  /// A recipe both sides changed keeps both: theirs where it was (it reached the remote
  /// first, and every machine reads it so), ours beside it as a meal of its own named after
  /// this machine (`NAME (edited on laptop, 2026-12-05 14:31)`) with our photo, and the merge
  /// is concluded with a message of our own (no `# Conflicts:` lines).
  ///
  /// `taken`: names this sync gave already (a version kept beside another before a push was
  /// refused), which a version kept here must not take too.
  func pull(taken: Set<String> = []) throws(SyncError) -> [String] {
    // Unrelated histories too: a first sync stopped before it merged the remote left a branch
    // of its own, and a pull that refuses it would stop every sync after for good.
    try merge(
      ["pull", "-q", "--no-rebase", "--no-edit", "--allow-unrelated-histories"], taken: taken)
  }

  /// Runs a merging command (`pull`, `merge`), a conflict concluded with both versions kept.
  private func merge(_ command: [String], taken: Set<String> = []) throws(SyncError) -> [String] {
    let pulled = git(command)
    if pulled.succeeded { return [] }
    let unmerged = git(["diff", "--name-only", "-z", "--diff-filter=U"])
    guard unmerged.succeeded, !unmerged.output.isEmpty else {
      throw SyncError("git \(command[0]) in \(root) failed: \(pulled.firstComplaint)")
    }
    return try conclude(taken: taken)
  }

  /// Concludes a merge that stopped on conflicts (this sync's, or one a stopped sync left).
  ///
  /// `stoppedAt`: the merge a stopped sync left (its `MERGE_HEAD`); a file someone changed
  /// since (an editor, by hand) is a version of its own, kept beside the two merged.
  private func conclude(taken: Set<String>, stoppedAt: SyncFolder.Entry? = nil) throws(SyncError)
    -> [String]
  {
    let unmerged = git(["diff", "--name-only", "-z", "--diff-filter=U"])
    try must(unmerged, "list the files a merge left")
    let paths = unmerged.output.split(separator: "\0").map(String.init)
    let folder = SyncFolder(root: root)
    var names: [String] = []
    for path in paths {
      let ours = git(["show", ":2:\(path)"])
      let theirs = git(["show", ":3:\(path)"])
      if let stoppedAt, path.hasSuffix(".cook"), let entry = folder.entry(path),
        entry.mtime > stoppedAt.mtime, case .success(let edited) = folder.read(path),
        edited != ours.output, edited != theirs.output
      {
        names.append(try keepBeside(edited, of: path, taken: taken.union(names)))
      }
      guard theirs.succeeded else {
        // Removed there, changed here: our version stays, byte for byte (a photo is no text).
        if ours.succeeded { _ = try folder.writeBytes(ours.bytes, to: path) }
        continue
      }
      // Theirs where it was (removed here, changed there: theirs too).
      try folder.writeBytes(theirs.bytes, to: path)
      guard ours.succeeded, path.hasSuffix(".cook"),
        let (text, name) = ownCopy(of: ours.output, path: path, taken: taken.union(names))
      else { continue }
      let copy = freeCopyPath(for: path, name: name)
      _ = try folder.write(text, to: copy)
      // Our photo goes with our version, as it was before the merge.
      let stem = String(path.dropLast(".cook".count))
      for photo in SyncPaths.photoPaths(besides: path) {
        let before = git(["show", "HEAD:\(photo)"])
        guard before.succeeded, !before.bytes.isEmpty else { continue }
        try folder.writeBytes(
          before.bytes, to: String(copy.dropLast(".cook".count)) + photo.dropFirst(stem.count))
      }
      names.append(name)
    }
    try must(git(["add", "-A"]), "add the merged files")
    let message =
      "meals: merged the remote's changes"
      + (names.isEmpty ? "" : "; kept this machine's versions as " + names.joined(separator: ", "))
    try must(
      git(["commit", "-q", "--no-verify", "--cleanup=strip", "-m", message]), "conclude the merge")
    return names
  }

  /// Sends the branch to its upstream; false when the upstream moved meanwhile (pull again).
  func push() throws(SyncError) -> Bool {
    var command = ["push", "-q"]
    if !hasUpstream, let remote { command += ["-u", remote, "HEAD"] }
    let pushed = git(command)
    if pushed.succeeded { return true }
    if pushed.errors.contains("rejected") || pushed.errors.contains("fetch first") {
      return false
    }
    throw SyncError("git push from \(root) failed: \(pushed.firstComplaint)")
  }

  /// Keeps git from ever committing the temporary files a sync writes through.
  ///
  /// `.Stew.cook.Ab12Cd`: one a sync cut short left would otherwise travel to every machine.
  /// Written in `.git/info/exclude`, this clone's own list, never committed.
  func excludeOwnTemporaries() throws(SyncError) {
    let path = root + "/.git/info/exclude"
    let existing =
      FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    let wanted = SyncFolder.writtenKinds.map { ".*\($0).??????" }
    let missing = wanted.filter { !existing.contains($0) }
    guard !missing.isEmpty else { return }
    let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
    do {
      try FileManager.default.createDirectory(
        atPath: root + "/.git/info", withIntermediateDirectories: true)
      try AtomicFile.write(
        Array(
          (existing + separator + "# meals sync's temporary files\n"
            + missing.joined(separator: "\n") + "\n").utf8), to: path)
    } catch {
      throw SyncError("cannot write \(path): \(AtomicFile.reason(of: error)).")
    }
  }

  /// Has git merge the shopping list's files and the cook log line by line (`merge=union`,
  /// `.gitattributes`).
  ///
  /// Two machines' ticks are both kept, never a conflict. Added once, beside the user's own
  /// lines.
  func mergeLogsAsUnions() throws(SyncError) {
    let path = root + "/.gitattributes"
    let existing =
      FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    let wanted = [
      ".shopping-checked merge=union", ".shopping-list merge=union", ".cook-log merge=union",
    ]
    let missing = wanted.filter { !existing.contains($0) }
    guard !missing.isEmpty else { return }
    let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
    _ = try SyncFolder(root: root).write(
      existing + separator + missing.joined(separator: "\n") + "\n", to: ".gitattributes")
  }

  // MARK: - Conflicting versions

  /// Our version of a recipe as a meal of its own, renamed after this machine, with an id
  /// of its own (written into the file, so every machine that reads the merge has it).
  ///
  /// Two meals of one name both changed on both sides get two names (`… 14:31) 2`).
  private func ownCopy(of text: String, path: String, taken: Set<String>) -> (String, String)? {
    guard var meal = Cooklang.meal(from: text, fileName: PathText.name(path)).meal else {
      return nil
    }
    let name = SyncPaths.conflictName(
      meal.name, editor: .machine(machine.name), time: machine.time)
    meal.name = name
    var number = 2
    while taken.contains(meal.name) {
      meal.name = "\(name) \(number)"
      number += 1
    }
    meal.mealDBID = nil
    let id = Cooklang.syncID(in: text) ?? path
    return (Cooklang.render(meal, syncID: SyncPaths.derivedID(id + " " + meal.name)), meal.name)
  }

  /// Writes `text` (a version of the recipe at `path` found in the folder) beside it as a
  /// meal of its own, named as this machine's versions are: the name given.
  private func keepBeside(_ text: String, of path: String, taken: Set<String>) throws(SyncError)
    -> String
  {
    let folder = SyncFolder(root: root)
    let fallback = SyncPaths.conflictName(
      String(PathText.name(path).dropLast(".cook".count)), editor: .machine(machine.name),
      time: machine.time)
    let (copyText, name) = ownCopy(of: text, path: path, taken: taken) ?? (text, fallback)
    _ = try folder.write(copyText, to: freeCopyPath(for: path, name: name))
    return name
  }

  /// Where a version named `name` of the recipe at `path` is kept: beside it, numbered when
  /// a file is there already.
  private func freeCopyPath(for path: String, name: String) -> String {
    let folder = SyncFolder(root: root)
    var copy = copyPath(for: path, name: name)
    var number = 2
    while folder.entry(copy) != nil {
      copy = SyncPaths.numbered(copyPath(for: path, name: name), number)
      number += 1
    }
    return copy
  }

  private func copyPath(for path: String, name: String) -> String {
    let folder = PathText.folder(path)
    let file = SyncPaths.component(name) + ".cook"
    return folder.isEmpty ? file : folder + "/" + file
  }

  // MARK: - Running git

  /// ssh that fails instead of asking (a passphrase, an unknown host's key).
  ///
  /// Nobody is there to answer, and a question would hold the sync until its time ran out. A
  /// user's own ssh command is kept.
  static var noPrompts: [String: String] {
    ProcessInfo.processInfo.environment["GIT_SSH_COMMAND"] == nil
      ? ["GIT_SSH_COMMAND": "ssh -o BatchMode=yes"] : [:]
  }

  private func git(_ arguments: [String]) -> ProgramRun {
    ProgramRun.run(
      "git", ["-C", root] + identity + arguments,
      environment: [
        "GIT_TERMINAL_PROMPT": "0", "GIT_MERGE_AUTOEDIT": "no", "LC_ALL": "C",
        "GIT_EDITOR": "true",
      ].merging(Self.noPrompts) { own, _ in own })
  }

  private func must(_ run: ProgramRun, _ what: String) throws(SyncError) {
    if run.status == 127 {
      throw SyncError(
        "\(root) is a git work tree but there is no git program to \(what) (apt install git).")
    }
    guard run.succeeded else {
      throw SyncError("git could not \(what) in \(root): \(run.firstComplaint)")
    }
  }
}
