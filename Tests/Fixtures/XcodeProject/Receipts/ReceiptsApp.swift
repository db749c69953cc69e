// The fixture's synchronized folder (Xcode 16's PBXFileSystemSynchronizedRootGroup); flowlint
// looks here for the target's PrivacyInfo.xcprivacy and finds none.
