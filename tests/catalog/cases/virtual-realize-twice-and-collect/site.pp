@notify { 'v1': message => 'one' }
@notify { 'v2': message => 'two' }
realize(Notify['v1'])
Notify <| title == 'v1' |>
Notify <| message == 'two' |> { message => 'overridden by collector' }
