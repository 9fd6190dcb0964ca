import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// A monotonic clock in seconds (the progress line's pace, a program's time limit).
public enum ProcessClock {
  public static func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
