import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Work on a thread of its own, so a key never waits for it: pictures (a sixel encoding takes
/// ~17 ms), counts over 100 000 meals, the daily backup.
///
/// The work touches no terminal, and no database or network connection of the loop's: it takes
/// values (or a connection of its own) and gives back a value. Results come back as messages to
/// the thread that owns the terminal: the worker writes a byte to a pipe the event loop waits
/// on, and `drain` runs each job's continuation there.
public final class Worker {
  private let queue: DispatchQueue
  private let finished: FinishedJobs
  /// Continuations by job, on the owning thread.
  private var waiting: [Int: (any Sendable) -> Void] = [:]
  private var nextID = 0
  /// The pipe's read end: readable when jobs have finished.
  public let descriptor: Int32

  public init(label: String) {
    queue = DispatchQueue(label: label)
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    }
    descriptor = ends[0]
    finished = FinishedJobs(signal: ends[1])
  }

  deinit {
    queue.sync {}
    close(descriptor)
    finished.close()
  }

  /// Runs `work` on the worker; `then` gets its value on the owning thread, in `drain`.
  public func run<Value: Sendable>(
    _ work: @escaping @Sendable () -> Value, then: @escaping (Value) -> Void
  ) {
    let id = nextID
    nextID += 1
    waiting[id] = { value in
      if let value = value as? Value { then(value) }
    }
    let finished = self.finished
    queue.async { finished.add(id, work()) }
  }

  /// True while a job's continuation has not run yet.
  public var isBusy: Bool { !waiting.isEmpty }

  /// Runs the continuations of the finished jobs; true when there were any.
  @discardableResult
  public func drain() -> Bool {
    var bytes = [UInt8](repeating: 0, count: 256)
    while read(descriptor, &bytes, bytes.count) > 0 {}
    let done = finished.take()
    for (id, value) in done { waiting.removeValue(forKey: id)?(value) }
    return !done.isEmpty
  }

  /// Waits for every job so far and runs their continuations (tests and the benchmark).
  public func finishAll() {
    while isBusy {
      queue.sync {}
      drain()
    }
  }
}

/// The worker's results, handed over under a lock, and the pipe that says there are some.
private final class FinishedJobs: Sendable {
  private struct State {
    var items: [(Int, any Sendable)] = []
    var signal: Int32
  }
  private let state: Mutex<State>

  init(signal: Int32) {
    state = Mutex(State(signal: signal))
  }

  func add(_ id: Int, _ value: any Sendable) {
    let descriptor = state.withLock {
      $0.items.append((id, value))
      return $0.signal
    }
    var byte: UInt8 = 1
    _ = write(descriptor, &byte, 1)
  }

  func take() -> [(Int, any Sendable)] {
    state.withLock {
      let taken = $0.items
      $0.items = []
      return taken
    }
  }

  func close() {
    state.withLock {
      if $0.signal >= 0 { Glibc.close($0.signal) }
      $0.signal = -1
    }
  }
}
