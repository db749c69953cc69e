// Golden inputs and their expected dumps. Regenerate a dump by printing `TokenDump.dump` or
// `SyntaxDump.dump` for the source, review the difference, and paste it here.

enum GoldenText {
    static let allConstructsSource = #"""
        // Every construct of the grammar once, for the syntax-tree golden test.
        import "shared/photos.flow"
        app "Receipts"
        let benefit = "scan {app} receipts"

        /* A generic helper, called below. */
        flow photos_access(p: permission, reason: text) {
          outcomes granted, limited, denied
          start -> check
          state check {
            status p {
              granted       -> done granted
              limited       -> done limited
              notDetermined -> ask
              else          -> done denied
            }
          }
          state ask { request p -> check }
        }

        flow camera_capture {
          title @camera.title
          uses camera, photos, location, notifications
          start -> device
          let why = "to scan \{receipts\} \u{1F4F7}\t{benefit}"

          state device { capability camera { present -> check  absent -> no_camera } }
          state check {
            status camera {
              authorized         -> done granted
              notDetermined      -> prime
              denied, restricted -> explain
            }
          }
          state both {
            status (camera, photos) {
              (authorized, authorized) -> done granted
              (notDetermined, _)       -> prime
              else                     -> explain
            }
          }
          state prime {
            track "prime_shown" { source: "onboarding", step: 2, ratio: -0.5, first: true, again: false }
            alert {
              title   @prime.title
              message "{app} uses the camera {benefit}"
              button "Continue" -> ask   track "prime_accepted"
              destructive "Never" -> done cancelled
              cancel "Not Now" -> done denied
            }
          }
          state ask { request camera { authorized -> done granted  denied -> done denied } }
          state loc { request location(always, temporaryFullAccuracy: "Delivery") -> check }
          state explain { open settings on return -> check }
          state notify { open notificationSettings on return -> done granted }
          state library { call photos_access(p: photos, reason: @photos.reason) { granted, limited -> done granted  else -> done denied } }
          state settings { -> alert }
          state alert { track "bare" -> done unavailable }
          state no_camera { alert { title "Error" button "OK" -> done unavailable } }
        }

        strings en { camera.title = "Camera"  prime.title = "Scan with {permission}"  alert.title = "x" }
        strings zh-Hant fallback zh-Hans { camera.title = "相機" }
        """#

    static let allConstructsTree = #"""
        File
          Import "shared/photos.flow" 2:1-2:28
          App "Receipts" 3:1-3:15
          Let benefit = "scan {app} receipts" 4:1-4:36
            Placeholder app 4:21-4:26
          Flow photos_access(p: permission, reason: text) 7:1-19:2
            Parameter p 7:20-7:33
            Parameter reason 7:35-7:47
            Outcomes granted, limited, denied 8:3-8:36
            Start -> check 9:3-9:17
            State check 10:3-17:4
              Status p 11:5-16:6
                Arm granted -> done granted 12:7-12:36
                Arm limited -> done limited 13:7-13:36
                Arm notDetermined -> ask 14:7-14:27
                Arm else -> done denied 15:7-15:35
            State ask 18:3-18:35
              Request p -> check 18:15-18:33
          Flow camera_capture 21:1-60:2
            Title @camera.title 22:3-22:22
            Uses camera, photos, location, notifications 23:3-23:47
            Start -> device 24:3-24:18
            Let why = "to scan {receipts} 📷\t{benefit}" 25:3-25:56
              Placeholder benefit 25:46-25:55
            State device 27:3-27:79
              Capability camera 27:18-27:77
                Arm present -> check 27:38-27:54
                Arm absent -> no_camera 27:56-27:75
            State check 28:3-34:4
              Status camera 29:5-33:6
                Arm authorized -> done granted 30:7-30:41
                Arm notDetermined -> prime 31:7-31:34
                Arm denied, restricted -> explain 32:7-32:36
            State both 35:3-41:4
              Status (camera, photos) 36:5-40:6
                Arm (authorized, authorized) -> done granted 37:7-37:47
                Arm (notDetermined, _) -> prime 38:7-38:40
                Arm else -> explain 39:7-39:42
            State prime 42:3-51:4
              Track "prime_shown" 43:5-43:98
                Property source: "onboarding" 43:27-43:47
                Property step: 2 43:49-43:56
                Property ratio: -0.5 43:58-43:69
                Property first: true 43:71-43:82
                Property again: false 43:84-43:96
              Alert 44:5-50:6
                Title @prime.title 45:15-45:27
                Message "{app} uses the camera {benefit}" 46:15-46:48
                  Placeholder app 46:16-46:21
                  Placeholder benefit 46:38-46:47
                Button default "Continue" -> ask 47:7-47:56
                  Track "prime_accepted" 47:34-47:56
                Button destructive "Never" -> done cancelled 48:7-48:44
                Button cancel "Not Now" -> done denied 49:7-49:38
            State ask 52:3-52:85
              Request camera 52:15-52:83
                Arm authorized -> done granted 52:32-52:58
                Arm denied -> done denied 52:60-52:81
            State loc 53:3-53:85
              Request location(always, temporaryFullAccuracy: "Delivery") -> check 53:15-53:83
            State explain 54:3-54:53
              Open settings on return -> check 54:19-54:51
            State notify 55:3-55:71
              Open notificationSettings on return -> done granted 55:18-55:69
            State library 56:3-56:132
              Call photos_access(p: photos, reason: @photos.reason) 56:19-56:130
                Arm granted, limited -> done granted 56:75-56:107
                Arm else -> done denied 56:109-56:128
            State settings 57:3-57:30
              Goto -> alert 57:20-57:28
            State alert 58:3-58:51
              Track "bare" 58:17-58:29
              Goto -> done unavailable 58:30-58:49
            State no_camera 59:3-59:78
              Alert 59:21-59:76
                Title "Error" 59:35-59:42
                Button default "OK" -> done unavailable 59:43-59:74
          Strings en 62:1-62:98
            Entry camera.title = "Camera" 62:14-62:37
            Entry prime.title = "Scan with {permission}" 62:39-62:77
              Placeholder permission 62:64-62:76
            Entry alert.title = "x" 62:79-62:96
          Strings zh-Hant fallback zh-Hans 63:1-63:57
            Entry camera.title = "相機" 63:36-63:55
        """#

    static let allConstructsTokens = #"""
        2:1 keyword(import) 'import' leading[lineComment '// Every construct of the grammar once, for the syntax-tree golden test.', newline '\n'] trailing[whitespace ' ']
        2:8 string '"shared/photos.flow"' = text "shared/photos.flow"
        3:1 keyword(app) 'app' leading[newline '\n'] trailing[whitespace ' ']
        3:5 string '"Receipts"' = text "Receipts"
        4:1 keyword(let) 'let' leading[newline '\n'] trailing[whitespace ' ']
        4:5 identifier 'benefit' trailing[whitespace ' ']
        4:13 equals '=' trailing[whitespace ' ']
        4:15 string '"scan {app} receipts"' = text "scan ", placeholder app 4:21-4:26, text " receipts"
        7:1 keyword(flow) 'flow' leading[newline '\n', newline '\n', blockComment '/* A generic helper, called below. */', newline '\n'] trailing[whitespace ' ']
        7:6 identifier 'photos_access'
        7:19 leftParen '('
        7:20 identifier 'p'
        7:21 colon ':' trailing[whitespace ' ']
        7:23 identifier 'permission'
        7:33 comma ',' trailing[whitespace ' ']
        7:35 identifier 'reason'
        7:41 colon ':' trailing[whitespace ' ']
        7:43 identifier 'text'
        7:47 rightParen ')' trailing[whitespace ' ']
        7:49 leftBrace '{'
        8:3 keyword(outcomes) 'outcomes' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        8:12 identifier 'granted'
        8:19 comma ',' trailing[whitespace ' ']
        8:21 identifier 'limited'
        8:28 comma ',' trailing[whitespace ' ']
        8:30 identifier 'denied'
        9:3 keyword(start) 'start' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        9:9 arrow '->' trailing[whitespace ' ']
        9:12 identifier 'check'
        10:3 keyword(state) 'state' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        10:9 identifier 'check' trailing[whitespace ' ']
        10:15 leftBrace '{'
        11:5 keyword(status) 'status' leading[newline '\n', whitespace '    '] trailing[whitespace ' ']
        11:12 identifier 'p' trailing[whitespace ' ']
        11:14 leftBrace '{'
        12:7 identifier 'granted' leading[newline '\n', whitespace '      '] trailing[whitespace '       ']
        12:21 arrow '->' trailing[whitespace ' ']
        12:24 keyword(done) 'done' trailing[whitespace ' ']
        12:29 identifier 'granted'
        13:7 identifier 'limited' leading[newline '\n', whitespace '      '] trailing[whitespace '       ']
        13:21 arrow '->' trailing[whitespace ' ']
        13:24 keyword(done) 'done' trailing[whitespace ' ']
        13:29 identifier 'limited'
        14:7 identifier 'notDetermined' leading[newline '\n', whitespace '      '] trailing[whitespace ' ']
        14:21 arrow '->' trailing[whitespace ' ']
        14:24 identifier 'ask'
        15:7 keyword(else) 'else' leading[newline '\n', whitespace '      '] trailing[whitespace '          ']
        15:21 arrow '->' trailing[whitespace ' ']
        15:24 keyword(done) 'done' trailing[whitespace ' ']
        15:29 identifier 'denied'
        16:5 rightBrace '}' leading[newline '\n', whitespace '    ']
        17:3 rightBrace '}' leading[newline '\n', whitespace '  ']
        18:3 keyword(state) 'state' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        18:9 identifier 'ask' trailing[whitespace ' ']
        18:13 leftBrace '{' trailing[whitespace ' ']
        18:15 keyword(request) 'request' trailing[whitespace ' ']
        18:23 identifier 'p' trailing[whitespace ' ']
        18:25 arrow '->' trailing[whitespace ' ']
        18:28 identifier 'check' trailing[whitespace ' ']
        18:34 rightBrace '}'
        19:1 rightBrace '}' leading[newline '\n']
        21:1 keyword(flow) 'flow' leading[newline '\n', newline '\n'] trailing[whitespace ' ']
        21:6 identifier 'camera_capture' trailing[whitespace ' ']
        21:21 leftBrace '{'
        22:3 keyword(title) 'title' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        22:9 at '@'
        22:10 identifier 'camera'
        22:16 dot '.'
        22:17 keyword(title) 'title'
        23:3 keyword(uses) 'uses' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        23:8 identifier 'camera'
        23:14 comma ',' trailing[whitespace ' ']
        23:16 identifier 'photos'
        23:22 comma ',' trailing[whitespace ' ']
        23:24 identifier 'location'
        23:32 comma ',' trailing[whitespace ' ']
        23:34 identifier 'notifications'
        24:3 keyword(start) 'start' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        24:9 arrow '->' trailing[whitespace ' ']
        24:12 identifier 'device'
        25:3 keyword(let) 'let' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        25:7 identifier 'why' trailing[whitespace ' ']
        25:11 equals '=' trailing[whitespace ' ']
        25:13 string '"to scan \{receipts\} \u{1F4F7}\t{benefit}"' = text "to scan {receipts} 📷\t", placeholder benefit 25:46-25:55
        27:3 keyword(state) 'state' leading[newline '\n', newline '\n', whitespace '  '] trailing[whitespace ' ']
        27:9 identifier 'device' trailing[whitespace ' ']
        27:16 leftBrace '{' trailing[whitespace ' ']
        27:18 keyword(capability) 'capability' trailing[whitespace ' ']
        27:29 identifier 'camera' trailing[whitespace ' ']
        27:36 leftBrace '{' trailing[whitespace ' ']
        27:38 identifier 'present' trailing[whitespace ' ']
        27:46 arrow '->' trailing[whitespace ' ']
        27:49 identifier 'check' trailing[whitespace '  ']
        27:56 identifier 'absent' trailing[whitespace ' ']
        27:63 arrow '->' trailing[whitespace ' ']
        27:66 identifier 'no_camera' trailing[whitespace ' ']
        27:76 rightBrace '}' trailing[whitespace ' ']
        27:78 rightBrace '}'
        28:3 keyword(state) 'state' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        28:9 identifier 'check' trailing[whitespace ' ']
        28:15 leftBrace '{'
        29:5 keyword(status) 'status' leading[newline '\n', whitespace '    '] trailing[whitespace ' ']
        29:12 identifier 'camera' trailing[whitespace ' ']
        29:19 leftBrace '{'
        30:7 identifier 'authorized' leading[newline '\n', whitespace '      '] trailing[whitespace '         ']
        30:26 arrow '->' trailing[whitespace ' ']
        30:29 keyword(done) 'done' trailing[whitespace ' ']
        30:34 identifier 'granted'
        31:7 identifier 'notDetermined' leading[newline '\n', whitespace '      '] trailing[whitespace '      ']
        31:26 arrow '->' trailing[whitespace ' ']
        31:29 identifier 'prime'
        32:7 identifier 'denied' leading[newline '\n', whitespace '      ']
        32:13 comma ',' trailing[whitespace ' ']
        32:15 identifier 'restricted' trailing[whitespace ' ']
        32:26 arrow '->' trailing[whitespace ' ']
        32:29 identifier 'explain'
        33:5 rightBrace '}' leading[newline '\n', whitespace '    ']
        34:3 rightBrace '}' leading[newline '\n', whitespace '  ']
        35:3 keyword(state) 'state' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        35:9 identifier 'both' trailing[whitespace ' ']
        35:14 leftBrace '{'
        36:5 keyword(status) 'status' leading[newline '\n', whitespace '    '] trailing[whitespace ' ']
        36:12 leftParen '('
        36:13 identifier 'camera'
        36:19 comma ',' trailing[whitespace ' ']
        36:21 identifier 'photos'
        36:27 rightParen ')' trailing[whitespace ' ']
        36:29 leftBrace '{'
        37:7 leftParen '(' leading[newline '\n', whitespace '      ']
        37:8 identifier 'authorized'
        37:18 comma ',' trailing[whitespace ' ']
        37:20 identifier 'authorized'
        37:30 rightParen ')' trailing[whitespace ' ']
        37:32 arrow '->' trailing[whitespace ' ']
        37:35 keyword(done) 'done' trailing[whitespace ' ']
        37:40 identifier 'granted'
        38:7 leftParen '(' leading[newline '\n', whitespace '      ']
        38:8 identifier 'notDetermined'
        38:21 comma ',' trailing[whitespace ' ']
        38:23 wildcard '_'
        38:24 rightParen ')' trailing[whitespace '       ']
        38:32 arrow '->' trailing[whitespace ' ']
        38:35 identifier 'prime'
        39:7 keyword(else) 'else' leading[newline '\n', whitespace '      '] trailing[whitespace '                     ']
        39:32 arrow '->' trailing[whitespace ' ']
        39:35 identifier 'explain'
        40:5 rightBrace '}' leading[newline '\n', whitespace '    ']
        41:3 rightBrace '}' leading[newline '\n', whitespace '  ']
        42:3 keyword(state) 'state' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        42:9 identifier 'prime' trailing[whitespace ' ']
        42:15 leftBrace '{'
        43:5 keyword(track) 'track' leading[newline '\n', whitespace '    '] trailing[whitespace ' ']
        43:11 string '"prime_shown"' = text "prime_shown" trailing[whitespace ' ']
        43:25 leftBrace '{' trailing[whitespace ' ']
        43:27 identifier 'source'
        43:33 colon ':' trailing[whitespace ' ']
        43:35 string '"onboarding"' = text "onboarding"
        43:47 comma ',' trailing[whitespace ' ']
        43:49 identifier 'step'
        43:53 colon ':' trailing[whitespace ' ']
        43:55 number '2'
        43:56 comma ',' trailing[whitespace ' ']
        43:58 identifier 'ratio'
        43:63 colon ':' trailing[whitespace ' ']
        43:65 number '-0.5'
        43:69 comma ',' trailing[whitespace ' ']
        43:71 identifier 'first'
        43:76 colon ':' trailing[whitespace ' ']
        43:78 keyword(true) 'true'
        43:82 comma ',' trailing[whitespace ' ']
        43:84 identifier 'again'
        43:89 colon ':' trailing[whitespace ' ']
        43:91 keyword(false) 'false' trailing[whitespace ' ']
        43:97 rightBrace '}'
        44:5 keyword(alert) 'alert' leading[newline '\n', whitespace '    '] trailing[whitespace ' ']
        44:11 leftBrace '{'
        45:7 keyword(title) 'title' leading[newline '\n', whitespace '      '] trailing[whitespace '   ']
        45:15 at '@'
        45:16 identifier 'prime'
        45:21 dot '.'
        45:22 keyword(title) 'title'
        46:7 keyword(message) 'message' leading[newline '\n', whitespace '      '] trailing[whitespace ' ']
        46:15 string '"{app} uses the camera {benefit}"' = placeholder app 46:16-46:21, text " uses the camera ", placeholder benefit 46:38-46:47
        47:7 keyword(button) 'button' leading[newline '\n', whitespace '      '] trailing[whitespace ' ']
        47:14 string '"Continue"' = text "Continue" trailing[whitespace ' ']
        47:25 arrow '->' trailing[whitespace ' ']
        47:28 identifier 'ask' trailing[whitespace '   ']
        47:34 keyword(track) 'track' trailing[whitespace ' ']
        47:40 string '"prime_accepted"' = text "prime_accepted"
        48:7 keyword(destructive) 'destructive' leading[newline '\n', whitespace '      '] trailing[whitespace ' ']
        48:19 string '"Never"' = text "Never" trailing[whitespace ' ']
        48:27 arrow '->' trailing[whitespace ' ']
        48:30 keyword(done) 'done' trailing[whitespace ' ']
        48:35 identifier 'cancelled'
        49:7 keyword(cancel) 'cancel' leading[newline '\n', whitespace '      '] trailing[whitespace ' ']
        49:14 string '"Not Now"' = text "Not Now" trailing[whitespace ' ']
        49:24 arrow '->' trailing[whitespace ' ']
        49:27 keyword(done) 'done' trailing[whitespace ' ']
        49:32 identifier 'denied'
        50:5 rightBrace '}' leading[newline '\n', whitespace '    ']
        51:3 rightBrace '}' leading[newline '\n', whitespace '  ']
        52:3 keyword(state) 'state' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        52:9 identifier 'ask' trailing[whitespace ' ']
        52:13 leftBrace '{' trailing[whitespace ' ']
        52:15 keyword(request) 'request' trailing[whitespace ' ']
        52:23 identifier 'camera' trailing[whitespace ' ']
        52:30 leftBrace '{' trailing[whitespace ' ']
        52:32 identifier 'authorized' trailing[whitespace ' ']
        52:43 arrow '->' trailing[whitespace ' ']
        52:46 keyword(done) 'done' trailing[whitespace ' ']
        52:51 identifier 'granted' trailing[whitespace '  ']
        52:60 identifier 'denied' trailing[whitespace ' ']
        52:67 arrow '->' trailing[whitespace ' ']
        52:70 keyword(done) 'done' trailing[whitespace ' ']
        52:75 identifier 'denied' trailing[whitespace ' ']
        52:82 rightBrace '}' trailing[whitespace ' ']
        52:84 rightBrace '}'
        53:3 keyword(state) 'state' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        53:9 identifier 'loc' trailing[whitespace ' ']
        53:13 leftBrace '{' trailing[whitespace ' ']
        53:15 keyword(request) 'request' trailing[whitespace ' ']
        53:23 identifier 'location'
        53:31 leftParen '('
        53:32 identifier 'always'
        53:38 comma ',' trailing[whitespace ' ']
        53:40 identifier 'temporaryFullAccuracy'
        53:61 colon ':' trailing[whitespace ' ']
        53:63 string '"Delivery"' = text "Delivery"
        53:73 rightParen ')' trailing[whitespace ' ']
        53:75 arrow '->' trailing[whitespace ' ']
        53:78 identifier 'check' trailing[whitespace ' ']
        53:84 rightBrace '}'
        54:3 keyword(state) 'state' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        54:9 identifier 'explain' trailing[whitespace ' ']
        54:17 leftBrace '{' trailing[whitespace ' ']
        54:19 keyword(open) 'open' trailing[whitespace ' ']
        54:24 identifier 'settings' trailing[whitespace ' ']
        54:33 keyword(on) 'on' trailing[whitespace ' ']
        54:36 keyword(return) 'return' trailing[whitespace ' ']
        54:43 arrow '->' trailing[whitespace ' ']
        54:46 identifier 'check' trailing[whitespace ' ']
        54:52 rightBrace '}'
        55:3 keyword(state) 'state' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        55:9 identifier 'notify' trailing[whitespace ' ']
        55:16 leftBrace '{' trailing[whitespace ' ']
        55:18 keyword(open) 'open' trailing[whitespace ' ']
        55:23 identifier 'notificationSettings' trailing[whitespace ' ']
        55:44 keyword(on) 'on' trailing[whitespace ' ']
        55:47 keyword(return) 'return' trailing[whitespace ' ']
        55:54 arrow '->' trailing[whitespace ' ']
        55:57 keyword(done) 'done' trailing[whitespace ' ']
        55:62 identifier 'granted' trailing[whitespace ' ']
        55:70 rightBrace '}'
        56:3 keyword(state) 'state' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        56:9 identifier 'library' trailing[whitespace ' ']
        56:17 leftBrace '{' trailing[whitespace ' ']
        56:19 keyword(call) 'call' trailing[whitespace ' ']
        56:24 identifier 'photos_access'
        56:37 leftParen '('
        56:38 identifier 'p'
        56:39 colon ':' trailing[whitespace ' ']
        56:41 identifier 'photos'
        56:47 comma ',' trailing[whitespace ' ']
        56:49 identifier 'reason'
        56:55 colon ':' trailing[whitespace ' ']
        56:57 at '@'
        56:58 identifier 'photos'
        56:64 dot '.'
        56:65 identifier 'reason'
        56:71 rightParen ')' trailing[whitespace ' ']
        56:73 leftBrace '{' trailing[whitespace ' ']
        56:75 identifier 'granted'
        56:82 comma ',' trailing[whitespace ' ']
        56:84 identifier 'limited' trailing[whitespace ' ']
        56:92 arrow '->' trailing[whitespace ' ']
        56:95 keyword(done) 'done' trailing[whitespace ' ']
        56:100 identifier 'granted' trailing[whitespace '  ']
        56:109 keyword(else) 'else' trailing[whitespace ' ']
        56:114 arrow '->' trailing[whitespace ' ']
        56:117 keyword(done) 'done' trailing[whitespace ' ']
        56:122 identifier 'denied' trailing[whitespace ' ']
        56:129 rightBrace '}' trailing[whitespace ' ']
        56:131 rightBrace '}'
        57:3 keyword(state) 'state' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        57:9 identifier 'settings' trailing[whitespace ' ']
        57:18 leftBrace '{' trailing[whitespace ' ']
        57:20 arrow '->' trailing[whitespace ' ']
        57:23 keyword(alert) 'alert' trailing[whitespace ' ']
        57:29 rightBrace '}'
        58:3 keyword(state) 'state' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        58:9 keyword(alert) 'alert' trailing[whitespace ' ']
        58:15 leftBrace '{' trailing[whitespace ' ']
        58:17 keyword(track) 'track' trailing[whitespace ' ']
        58:23 string '"bare"' = text "bare" trailing[whitespace ' ']
        58:30 arrow '->' trailing[whitespace ' ']
        58:33 keyword(done) 'done' trailing[whitespace ' ']
        58:38 identifier 'unavailable' trailing[whitespace ' ']
        58:50 rightBrace '}'
        59:3 keyword(state) 'state' leading[newline '\n', whitespace '  '] trailing[whitespace ' ']
        59:9 identifier 'no_camera' trailing[whitespace ' ']
        59:19 leftBrace '{' trailing[whitespace ' ']
        59:21 keyword(alert) 'alert' trailing[whitespace ' ']
        59:27 leftBrace '{' trailing[whitespace ' ']
        59:29 keyword(title) 'title' trailing[whitespace ' ']
        59:35 string '"Error"' = text "Error" trailing[whitespace ' ']
        59:43 keyword(button) 'button' trailing[whitespace ' ']
        59:50 string '"OK"' = text "OK" trailing[whitespace ' ']
        59:55 arrow '->' trailing[whitespace ' ']
        59:58 keyword(done) 'done' trailing[whitespace ' ']
        59:63 identifier 'unavailable' trailing[whitespace ' ']
        59:75 rightBrace '}' trailing[whitespace ' ']
        59:77 rightBrace '}'
        60:1 rightBrace '}' leading[newline '\n']
        62:1 keyword(strings) 'strings' leading[newline '\n', newline '\n'] trailing[whitespace ' ']
        62:9 identifier 'en' trailing[whitespace ' ']
        62:12 leftBrace '{' trailing[whitespace ' ']
        62:14 identifier 'camera'
        62:20 dot '.'
        62:21 keyword(title) 'title' trailing[whitespace ' ']
        62:27 equals '=' trailing[whitespace ' ']
        62:29 string '"Camera"' = text "Camera" trailing[whitespace '  ']
        62:39 identifier 'prime'
        62:44 dot '.'
        62:45 keyword(title) 'title' trailing[whitespace ' ']
        62:51 equals '=' trailing[whitespace ' ']
        62:53 string '"Scan with {permission}"' = text "Scan with ", placeholder permission 62:64-62:76 trailing[whitespace '  ']
        62:79 keyword(alert) 'alert'
        62:84 dot '.'
        62:85 keyword(title) 'title' trailing[whitespace ' ']
        62:91 equals '=' trailing[whitespace ' ']
        62:93 string '"x"' = text "x" trailing[whitespace ' ']
        62:97 rightBrace '}'
        63:1 keyword(strings) 'strings' leading[newline '\n'] trailing[whitespace ' ']
        63:9 identifier 'zh'
        63:11 minus '-'
        63:12 identifier 'Hant' trailing[whitespace ' ']
        63:17 keyword(fallback) 'fallback' trailing[whitespace ' ']
        63:26 identifier 'zh'
        63:28 minus '-'
        63:29 identifier 'Hans' trailing[whitespace ' ']
        63:34 leftBrace '{' trailing[whitespace ' ']
        63:36 identifier 'camera'
        63:42 dot '.'
        63:43 keyword(title) 'title' trailing[whitespace ' ']
        63:49 equals '=' trailing[whitespace ' ']
        63:51 string '"相機"' = text "相機" trailing[whitespace ' ']
        63:56 rightBrace '}'
        64:1 eof '' leading[newline '\n']
        """#

    static let lexicalSource = #"""
        // line comment
        flow f { } /* block
        comment */ strings zh-Hant { a.b = "x \"q\" \\ \n \{ \} \u{41} {name}" }
        -> - -12 3.25 7 _ @key ( ) , : = . -x
        title\#t"tab before"
        """#

    static let lexicalTokens = #"""
        2:1 keyword(flow) 'flow' leading[lineComment '// line comment', newline '\n'] trailing[whitespace ' ']
        2:6 identifier 'f' trailing[whitespace ' ']
        2:8 leftBrace '{' trailing[whitespace ' ']
        2:10 rightBrace '}' trailing[whitespace ' ', blockComment '/* block\ncomment */', whitespace ' ']
        3:12 keyword(strings) 'strings' trailing[whitespace ' ']
        3:20 identifier 'zh'
        3:22 minus '-'
        3:23 identifier 'Hant' trailing[whitespace ' ']
        3:28 leftBrace '{' trailing[whitespace ' ']
        3:30 identifier 'a'
        3:31 dot '.'
        3:32 identifier 'b' trailing[whitespace ' ']
        3:34 equals '=' trailing[whitespace ' ']
        3:36 string '"x \"q\" \\ \n \{ \} \u{41} {name}"' = text "x \"q\" \\ \n { } A ", placeholder name 3:64-3:70 trailing[whitespace ' ']
        3:72 rightBrace '}'
        4:1 arrow '->' leading[newline '\n'] trailing[whitespace ' ']
        4:4 minus '-' trailing[whitespace ' ']
        4:6 number '-12' trailing[whitespace ' ']
        4:10 number '3.25' trailing[whitespace ' ']
        4:15 number '7' trailing[whitespace ' ']
        4:17 wildcard '_' trailing[whitespace ' ']
        4:19 at '@'
        4:20 identifier 'key' trailing[whitespace ' ']
        4:24 leftParen '(' trailing[whitespace ' ']
        4:26 rightParen ')' trailing[whitespace ' ']
        4:28 comma ',' trailing[whitespace ' ']
        4:30 colon ':' trailing[whitespace ' ']
        4:32 equals '=' trailing[whitespace ' ']
        4:34 dot '.' trailing[whitespace ' ']
        4:36 minus '-'
        4:37 identifier 'x'
        5:1 keyword(title) 'title' leading[newline '\n'] trailing[whitespace '\t']
        5:7 string '"tab before"' = text "tab before"
        6:1 eof '' leading[newline '\n']
        """#

    static let lineBreaksTokens = #"""
        1:1 keyword(state) 'state' trailing[whitespace ' ']
        1:7 identifier 's' trailing[whitespace ' ']
        1:9 leftBrace '{' trailing[whitespace ' ']
        1:11 arrow '->' trailing[whitespace ' ']
        1:14 identifier 't' trailing[whitespace ' ']
        1:16 rightBrace '}' trailing[whitespace ' ', lineComment '// CRLF line']
        2:1 keyword(let) 'let' leading[newline '\r\n'] trailing[whitespace ' ']
        2:5 identifier 'x' trailing[whitespace ' ']
        2:7 equals '=' trailing[whitespace ' ']
        2:9 string '"a"' = text "a" trailing[whitespace ' ', lineComment '// lone CR']
        3:1 keyword(app) 'app' leading[newline '\r'] trailing[whitespace ' ']
        3:5 string '"b"' = text "b"
        4:1 eof '' leading[newline '\n']
        """#

    static let lineBreaksSource = "state s { -> t } // CRLF line\r\nlet x = \"a\" // lone CR\rapp \"b\"\n"
}
