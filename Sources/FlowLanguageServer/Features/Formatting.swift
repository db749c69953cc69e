extension LanguageServer {
    /// Whether `textDocument/formatting` is offered: it comes with FlowFormat.
    static let formats = false

    /// `textDocument/formatting`.
    func formatting(_ params: JSON) -> Result<JSON, ResponseError> {
        .failure(ResponseError(code: ResponseError.methodNotFound, message: "formatting is not available yet"))
    }
}
