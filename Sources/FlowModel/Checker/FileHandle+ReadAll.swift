import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

extension FileHandle {
    /// Everything until the end of the file or pipe. `readDataToEndOfFile()` traps when a signal
    /// interrupts the read (swift-corelibs-foundation reads with `try!`, and EINTR is an error
    /// there); a process that runs children gets SIGCHLD whenever one of them exits, so a test
    /// reading one child's output crashed when another test's child ended. Here an interrupted
    /// read is retried; any other read error ends the data where it stopped.
    public func readAllRetryingInterrupts() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }
}
