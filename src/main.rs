fn main() {
    std::process::exit(plint::cli::run());
}
