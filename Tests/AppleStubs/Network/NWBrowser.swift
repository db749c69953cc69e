// Network, the symbols the Local Network probe uses. Transcribed from Apple's documentation
// (handler types as the pages give them: @preconcurrency, @Sendable).
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/network/nwerror
@available(iOS 12.0, *)
public enum NWError: Error, Sendable, Equatable {
    // https://developer.apple.com/documentation/network/nwerror/posix(_:)
    case posix(POSIXErrorCode)
    // https://developer.apple.com/documentation/network/nwerror/dns(_:)
    // DNSServiceErrorType is Int32 (dns_sd.h); kDNSServiceErr_PolicyDenied = -65570.
    case dns(Int32)
}

// https://developer.apple.com/documentation/network/nwparameters
// Not Sendable.
@available(iOS 12.0, *)
final public class NWParameters {
    // https://developer.apple.com/documentation/network/nwparameters/tcp
    public class var tcp: NWParameters { fatalError("interface stub") }

    // https://developer.apple.com/documentation/network/nwparameters/includepeertopeer
    final public var includePeerToPeer: Bool = false
}

// https://developer.apple.com/documentation/network/nwconnection
@available(iOS 12.0, *)
final public class NWConnection {
    // https://developer.apple.com/documentation/network/nwconnection/cancel()
    final public func cancel() {}
}

// https://developer.apple.com/documentation/network/nwlistener
@available(iOS 12.0, *)
final public class NWListener {
    // https://developer.apple.com/documentation/network/nwlistener/init(using:on:)
    public init(using parameters: NWParameters) throws {}

    // https://developer.apple.com/documentation/network/nwlistener/service-swift.struct
    @available(iOS 12.0, *)
    public struct Service: Sendable {
        // https://developer.apple.com/documentation/network/nwlistener/service-swift.struct/init(name:type:domain:txtrecord:)
        public init(name: String? = nil, type: String, domain: String? = nil, txtRecord: Data? = nil) {}
    }

    // https://developer.apple.com/documentation/network/nwlistener/state-swift.enum
    @available(iOS 12.0, *)
    public enum State: Sendable {
        case setup
        case waiting(NWError)
        case ready
        case failed(NWError)
        case cancelled
    }

    // https://developer.apple.com/documentation/network/nwlistener/service-swift.property
    final public var service: NWListener.Service?

    // https://developer.apple.com/documentation/network/nwlistener/stateupdatehandler
    final public var stateUpdateHandler: (@Sendable (NWListener.State) -> Void)?

    // https://developer.apple.com/documentation/network/nwlistener/newconnectionhandler
    // Must be set before start, or the listener fails (EINVAL).
    final public var newConnectionHandler: (@Sendable (NWConnection) -> Void)?

    // https://developer.apple.com/documentation/network/nwlistener/start(queue:)
    final public func start(queue: DispatchQueue) {}

    // https://developer.apple.com/documentation/network/nwlistener/cancel()
    final public func cancel() {}
}

// https://developer.apple.com/documentation/network/nwinterface
// Its members are left out: the probe only matches service names.
@available(iOS 12.0, *)
public struct NWInterface: Hashable, Sendable {}

// https://developer.apple.com/documentation/network/nwendpoint
// The other cases (hostPort, unix, url, opaque) are left out.
@available(iOS 12.0, *)
public enum NWEndpoint: Hashable, Sendable {
    // https://developer.apple.com/documentation/network/nwendpoint/service(name:type:domain:interface:)
    case service(name: String, type: String, domain: String, interface: NWInterface?)
}

// https://developer.apple.com/documentation/network/nwbrowser
@available(iOS 13.0, *)
final public class NWBrowser {
    // https://developer.apple.com/documentation/network/nwbrowser/descriptor-swift.enum
    @available(iOS 13.0, *)
    public enum Descriptor: Sendable {
        // https://developer.apple.com/documentation/network/nwbrowser/descriptor-swift.enum/bonjour(type:domain:)
        case bonjour(type: String, domain: String?)
    }

    // https://developer.apple.com/documentation/network/nwbrowser/state-swift.enum
    @available(iOS 13.0, *)
    public enum State: Sendable {
        case setup
        case ready
        case failed(NWError)
        case cancelled
        case waiting(NWError)
    }

    // https://developer.apple.com/documentation/network/nwbrowser/result
    @available(iOS 13.0, *)
    public struct Result: Hashable, Sendable {
        // https://developer.apple.com/documentation/network/nwbrowser/result/endpoint
        public let endpoint: NWEndpoint

        // https://developer.apple.com/documentation/network/nwbrowser/result/change
        @available(iOS 13.0, *)
        public enum Change: Hashable, Sendable {
            case identical
            case added(NWBrowser.Result)
            case removed(NWBrowser.Result)
        }
    }

    // https://developer.apple.com/documentation/network/nwbrowser/init(for:using:)
    public init(for descriptor: NWBrowser.Descriptor, using parameters: NWParameters) {}

    // https://developer.apple.com/documentation/network/nwbrowser/stateupdatehandler
    final public var stateUpdateHandler: (@Sendable (NWBrowser.State) -> Void)?

    // https://developer.apple.com/documentation/network/nwbrowser/browseresultschangedhandler
    final public var browseResultsChangedHandler:
        (@Sendable (Set<NWBrowser.Result>, Set<NWBrowser.Result.Change>) -> Void)?

    // https://developer.apple.com/documentation/network/nwbrowser/start(queue:)
    final public func start(queue: DispatchQueue) {}

    // https://developer.apple.com/documentation/network/nwbrowser/cancel()
    final public func cancel() {}
}
