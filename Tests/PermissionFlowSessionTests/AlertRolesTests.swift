import FlowModel
import PermissionFlow
import Testing

struct AlertRolesTests {
    private func buttons(_ roles: FlowModel.FlowButton.Role...) -> [AlertButton] {
        roles.enumerated().map { AlertButton(label: "b\($0.offset)", role: $0.element) }
    }

    @Test func rolesAreKeptWhenTheAlertHasACancelButton() {
        #expect(AlertRoles.swiftUI(buttons(.default, .destructive, .cancel)) == [nil, .destructive, .cancel])
        #expect(!AlertRoles.swiftUIWouldAddCancel(buttons(.destructive, .cancel)))
    }

    @Test func destructiveButtonsWithoutCancelLoseTheirRoleSoSwiftUIAddsNoButtonOfItsOwn() {
        #expect(AlertRoles.swiftUI(buttons(.destructive)) == [nil])
        #expect(AlertRoles.swiftUI(buttons(.default, .destructive)) == [nil, nil])
        #expect(AlertRoles.swiftUIWouldAddCancel(buttons(.destructive)))
        #expect(AlertRoles.swiftUIWouldAddCancel(buttons(.default, .destructive)))
    }

    @Test func defaultButtonsHaveNoRole() {
        #expect(AlertRoles.swiftUI(buttons(.default, .default)) == [nil, nil])
        #expect(!AlertRoles.swiftUIWouldAddCancel(buttons(.default)))
    }
}
